// Opt-in read counter for the stand-in (npm run bench:scale, docs/decisions/0005-pagination.md).
// Only when STANDIN_READ_STATS_PORT is set: it wraps the read RPCs to count what Firestore would
// bill as document reads, and serves the totals on 127.0.0.1:<port> (GET /reads answers them,
// POST /reads/reset zeroes them). Without the variable nothing is wrapped and nothing listens.
// It also counts the documents each committed write changed, by collection, and never resets them
// (GET /writes): the fuzz tier proves a refused call wrote nothing by reading that count before and
// after it, one small answer instead of every collection dumped twice per generated case.
//
// Counted as production Firestore bills reads: every document a query returns, at least one read
// per query (an empty result still costs one), every document a get asks for (found or missing),
// and an aggregation one read per 1,000 index entries it matched (at least one). The stand-in
// answers from memory, so this counts what a query returns, not what the stand-in scanned.
import http from 'node:http';

const RPC = (method) => `/google.firestore.v1.Firestore/${method}`;

/** `tools` from `projects/p/databases/(default)/documents/tools/abc` (the last collection). */
function collectionOf(path) {
  const parts = String(path).split('/documents/')[1]?.split('/') ?? [];
  return parts.length >= 2 ? parts[parts.length - 2] : '?';
}

function emptyStats() {
  return { reads: 0, documents: 0, queries: 0, emptyQueries: 0, gets: 0, missing: 0, aggregations: 0, byCollection: {} };
}

export function countReads(server, port) {
  let stats = emptyStats();
  const add = (collection, n) => {
    stats.reads += n;
    stats.byCollection[collection] = (stats.byCollection[collection] ?? 0) + n;
  };
  const handlers = server.server.handlers;
  // Wraps a server-streaming handler (whatever is installed, the transactional ones included) and
  // shows each response it writes to `onWrite`; `onEnd` runs when the handler ends the stream.
  const wrap = (method, { onStart, onWrite, onEnd }) => {
    const handler = handlers.get(RPC(method));
    if (!handler) throw new Error(`stand-in read stats: no gRPC handler ${RPC(method)} to wrap`);
    const inner = handler.func;
    handler.func = function (call, ...rest) {
      const state = onStart?.(call) ?? {};
      const write = call.write.bind(call);
      const end = call.end.bind(call);
      call.write = (msg, ...args) => {
        onWrite?.(msg, state, call);
        return write(msg, ...args);
      };
      call.end = (...args) => {
        onEnd?.(state, call);
        return end(...args);
      };
      return inner.apply(this, [call, ...rest]);
    };
  };

  wrap('RunQuery', {
    onStart: (call) => ({ n: 0, collection: call.request.structured_query?.from?.[0]?.collection_id ?? '?' }),
    onWrite: (msg, s) => {
      if (msg.has_document) s.n++;
    },
    onEnd: (s) => {
      stats.queries++;
      stats.documents += s.n;
      if (s.n === 0) stats.emptyQueries++;
      add(s.collection, Math.max(1, s.n));
    },
  });
  wrap('BatchGetDocuments', {
    onWrite: (msg) => {
      if (msg.has_found) {
        stats.gets++;
        stats.documents++;
        add(collectionOf(msg.found.name), 1);
      } else if (msg.has_missing) {
        stats.gets++;
        stats.missing++;
        add(collectionOf(msg.missing), 1);
      }
    },
  });
  wrap('RunAggregationQuery', {
    onStart: (call) => {
      const q = call.request.structured_aggregation_query.structured_query;
      return { entries: server.state.v1Query(call.request.parent, q).length, collection: q?.from?.[0]?.collection_id ?? '?' };
    },
    onEnd: (s) => {
      stats.aggregations++;
      add(s.collection, Math.max(1, Math.ceil(s.entries / 1000)));
    },
  });

  // Committed writes, never reset: equal counts before and after a call mean it wrote nothing.
  const writes = { writes: 0, byCollection: {} };
  const commit = handlers.get(RPC('Commit'));
  if (!commit) throw new Error(`stand-in read stats: no gRPC handler ${RPC('Commit')} to wrap`);
  const innerCommit = commit.func;
  commit.func = function (call, callback) {
    return innerCommit.apply(this, [
      call,
      (err, response) => {
        if (!err)
          for (const w of call.request.writes) {
            const collection = collectionOf(w.update?.name || w.delete || w.transform?.document);
            writes.writes++;
            writes.byCollection[collection] = (writes.byCollection[collection] ?? 0) + 1;
          }
        callback(err, response);
      },
    ]);
  };

  const http_ = http.createServer((req, res) => {
    const send = (code, body) => {
      res.writeHead(code, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && req.url === '/reads') return send(200, stats);
    if (req.method === 'GET' && req.url === '/writes') return send(200, writes);
    if (req.method === 'POST' && req.url === '/reads/reset') {
      const before = stats;
      stats = emptyStats();
      return send(200, before);
    }
    send(404, { error: 'GET /reads, POST /reads/reset or GET /writes' });
  });
  // A port already taken must not take Firestore down with it: the stand-in serves on without
  // counts, and whoever asks for them learns why.
  http_.on('error', (err) => console.error(`firestore stand-in: read counter not served on ${port}: ${err.message}`));
  http_.listen(port, '127.0.0.1');
  return http_;
}
