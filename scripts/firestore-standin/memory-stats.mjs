// What the stand-in's memory holds, for the soak (npm run bench:soak, decision 0049). Only when
// STANDIN_MEMORY_PORT is set: GET http://127.0.0.1:<port>/memory collects the garbage first, then
// answers the live heap beside what is stored (documents and their size as Firestore sends them), so a soak can
// tell the memory an in-memory database needs for its data from memory that grows per request.
// A database kept in memory grows with what it stores; a leak grows faster than that.
import http from 'node:http';
import { liveHeapBytes } from '../lib/live-heap.mjs';

/** Every stored document below a map of collections (subcollections included): count and encoded size. */
function measure(collections, into) {
  for (const collection of Object.values(collections)) {
    for (const document of Object.values(collection.documents)) {
      if (document.metadata.hasExist) {
        into.documents++;
        into.storedBytes += document.toV1Document().serializeBinary().length;
      }
      measure(document.collections, into);
    }
  }
  return into;
}

export function stored(state) {
  const into = { documents: 0, storedBytes: 0 };
  for (const project of Object.values(state.projects)) {
    for (const database of Object.values(project.databases)) measure(database.collections, into);
  }
  return into;
}

export function serveMemoryStats(server, port) {
  const http_ = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/memory') {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      return res.end(JSON.stringify({ error: 'GET /memory' }));
    }
    const heapUsedBytes = liveHeapBytes();
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ rssBytes: process.memoryUsage().rss, heapUsedBytes, ...stored(server.state) }));
  });
  http_.on('error', (err) => console.error(`firestore stand-in: memory figures not served on ${port}: ${err.message}`));
  http_.listen(port, '127.0.0.1');
  return http_;
}
