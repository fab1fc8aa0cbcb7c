// Snapshot listeners (the Listen RPC) for the stand-in, sending changes instead of everything.
// Out of the box the package's FirestoreState.v1Listen, for a query target, re-runs the query on
// every create, update and delete of ANY document in the whole database and, because its
// "hasUpdate" test is true whenever the set of matching paths is unchanged, answers each with a
// RESET and every matching document again. Nothing coalesces those answers and nothing waits for
// the client to read them, and a stream the client cancels keeps its handlers: so under load
// (issue 26) the one listener of the local stack, the mail trigger's `mail where state ==
// pending`, had O(writes x pending mails) messages queued in the stand-in, which grew from 140 MB
// to 4.2 GB in 90 s and died of heap exhaustion (docs/decisions/0041-stack-stays-up.md).
//
// This replaces the Listen handler (like read-stats.mjs wraps the read RPCs). For each target:
// - it reacts only to writes of documents its target can contain (the query's collection under
//   its parent; the listed documents of a documents target);
// - bursts coalesce: a write marks the target dirty and schedules one re-evaluation (setImmediate,
//   so a whole commit is applied first); while the stream's buffer is full (write() answered
//   false) nothing is evaluated, and on 'drain' one evaluation sends what changed meanwhile;
// - it sends only the difference from what it last sent: document_change for documents that
//   entered the result or were written since (their update time moved, or a write touched them),
//   document_remove (query) or document_delete (documents target) for those that left, then a
//   global NO_CHANGE with a read time, which is when firebase-admin's watch (watch.js onData)
//   pushes a snapshot. Never a RESET and the whole result again.
// - a stream that ends, is cancelled or fails drops its targets at once.
// The first answer of a target is as before: ADD, every matching document, CURRENT, NO_CHANGE.
import firestoreProto from '@firestore-emulator/proto/dist/google/firestore/v1/firestore.js';
import { TimestampFromDate } from '@firestore-emulator/server';

const { ListenResponse, TargetChangeTargetChangeType: Change } = firestoreProto;
const LISTEN = '/google.firestore.v1.Firestore/Listen';
const WRITE_EVENTS = ['create-document', 'update-document', 'delete-document'];

const readTime = () => TimestampFromDate(new Date()).toObject();
/** What identifies a version of a document: its update time (ms in the package) and its path. */
const versionOf = (doc) => doc.metadata.updatedAt?.getTime() ?? 0;

/**
 * One target of one stream. `matches(doc)` says whether a write of `doc` can change its result;
 * `evaluate()` answers the current result as a Map path -> document (existing documents only).
 */
class Target {
  constructor(stream, id, matches, evaluate, removal) {
    this.stream = stream;
    this.id = id;
    this.matches = matches;
    this.evaluate = evaluate;
    this.removal = removal; // 'document_remove' (left a query's result) or 'document_delete'
    this.sent = new Map(); // path -> version, what the client was last sent
    this.touched = new Set(); // paths written since the last evaluation
    this.scheduled = false;
    this.onWrite = ({ document }) => {
      if (!this.matches(document)) return;
      this.touched.add(document.getPath());
      this.schedule();
    };
    for (const event of WRITE_EVENTS) stream.state.emitter.on(event, this.onWrite);
  }

  stop() {
    for (const event of WRITE_EVENTS) this.stream.state.emitter.off(event, this.onWrite);
  }

  /** The first answer: every document of the result, then CURRENT and a snapshot. */
  start() {
    this.stream.send({ target_change: { target_change_type: Change.ADD, target_ids: [this.id] } });
    const docs = this.evaluate();
    for (const [path, doc] of docs) {
      this.stream.send({ document_change: { document: doc.toV1DocumentObject(), target_ids: [this.id] } });
      this.sent.set(path, versionOf(doc));
    }
    this.stream.send({ target_change: { target_change_type: Change.CURRENT, target_ids: [this.id], read_time: readTime() } });
    this.stream.send({ target_change: { target_change_type: Change.NO_CHANGE, target_ids: [], read_time: readTime() } });
  }

  schedule() {
    if (this.scheduled || this.stream.closed) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  /** Sends what changed since the last answer, unless the client has not read that one yet. */
  flush() {
    if (this.stream.closed || this.touched.size === 0) return;
    if (this.stream.blocked) {
      this.stream.waiting.add(this);
      return;
    }
    const touched = this.touched;
    this.touched = new Set();
    const next = this.evaluate();
    let changes = 0;
    for (const [path, doc] of next) {
      const version = versionOf(doc);
      if (this.sent.get(path) === version && !touched.has(path)) continue;
      this.stream.send({ document_change: { document: doc.toV1DocumentObject(), target_ids: [this.id] } });
      changes++;
    }
    for (const path of this.sent.keys()) {
      if (next.has(path)) continue;
      this.stream.send({ [this.removal]: { document: path, removed_target_ids: [this.id], read_time: readTime() } });
      changes++;
    }
    this.sent = new Map([...next].map(([path, doc]) => [path, versionOf(doc)]));
    if (changes > 0) this.stream.send({ target_change: { target_change_type: Change.NO_CHANGE, target_ids: [], read_time: readTime() } });
  }
}

/** One Listen stream: its targets, and whether its write buffer is full. */
class ListenStream {
  constructor(state, call) {
    this.state = state;
    this.call = call;
    this.targets = new Map();
    this.closed = false;
    this.blocked = false;
    this.waiting = new Set();
    call.on('drain', () => {
      this.blocked = false;
      const waiting = [...this.waiting];
      this.waiting.clear();
      for (const target of waiting) target.flush();
    });
    call.on('data', (request) => this.onRequest(request));
    // The client half-closes when it unsubscribes (watch.js shutdown): answer with our end.
    call.on('end', () => {
      this.close();
      try {
        call.end();
      } catch {
        // already ended
      }
    });
    for (const event of ['cancelled', 'error', 'close']) call.on(event, () => this.close());
  }

  send(response) {
    if (this.closed) return;
    if (!this.call.write(ListenResponse.fromObject(response))) this.blocked = true;
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    for (const target of this.targets.values()) target.stop();
    this.targets.clear();
    this.waiting.clear();
  }

  onRequest(request) {
    if (this.closed) return;
    if (request.has_remove_target) {
      this.targets.get(request.remove_target)?.stop();
      this.targets.delete(request.remove_target);
      this.send({ target_change: { target_change_type: Change.REMOVE, target_ids: [request.remove_target] } });
      return;
    }
    if (!request.has_add_target) return;
    const add = request.add_target;
    let target;
    try {
      target = add.has_query ? this.queryTarget(add) : this.documentsTarget(add);
      this.targets.get(add.target_id)?.stop();
      this.targets.set(add.target_id, target);
      target.start();
    } catch (err) {
      // A query the stand-in cannot answer: the client's listener fails with the reason.
      target?.stop();
      this.targets.delete(add.target_id);
      this.send({
        target_change: { target_change_type: Change.REMOVE, target_ids: [add.target_id], cause: { code: 3, message: `firestore stand-in: ${err.message}` } },
      });
    }
  }

  queryTarget(add) {
    const { parent, structured_query: query } = add.query;
    const from = query.from?.[0] ?? {};
    const collection = `${parent}/${from.collection_id}`;
    const matches = from.all_descendants
      ? (doc) => doc.parent?.name === from.collection_id && doc.getPath().startsWith(`${parent}/`)
      : (doc) => doc.parent?.getPath?.() === collection;
    const evaluate = () => new Map(this.state.v1Query(parent, query).map((doc) => [doc.getPath(), doc]));
    return new Target(this, add.target_id, matches, evaluate, 'document_remove');
  }

  documentsTarget(add) {
    const paths = [...add.documents.documents];
    const wanted = new Set(paths);
    const evaluate = () => {
      const found = new Map();
      for (const path of paths) {
        const doc = this.state.getDocument(path);
        if (doc.metadata.hasExist) found.set(path, doc);
      }
      return found;
    };
    return new Target(this, add.target_id, (doc) => wanted.has(doc.getPath()), evaluate, 'document_delete');
  }
}

export function listenByChanges(server) {
  const handler = server.server.handlers.get(LISTEN);
  if (!handler) throw new Error(`stand-in listen: no gRPC handler ${LISTEN} to replace`);
  handler.func = (call) => {
    new ListenStream(server.state, call);
  };
}
