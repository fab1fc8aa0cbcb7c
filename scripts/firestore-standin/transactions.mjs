// Transaction isolation for the stand-in. The package answers every BeginTransaction with the
// same dummy id and never checks anything at Commit, so concurrent read-modify-write
// transactions lose updates (the attack run oversold 50 bookings on stock for 10).
//
// This replaces the five transactional RPCs with pessimistic per-document locks, the way
// production Firestore serves the server SDKs (and the official emulator): a document read inside
// a transaction is locked by it until Commit or Rollback; another transaction, or a plain write,
// that needs the document waits. A wait that would close a cycle of transactions waiting on each
// other (a deadlock: two transactions locking a company and a tool, or two members' documents, in
// opposite orders) answers ABORTED at once, as production Firestore resolves it; so does a wait
// longer than LOCK_WAIT_MS (a client that vanished). The Admin SDK rolls back and retries with
// back-off, as it does in production. Before the cycle check (decision 0064) every deadlock held
// its documents for LOCK_WAIT_MS, each retry could deadlock again, and under the soak's company
// traffic the function's four workers all waited until their 60 s timeout.
import { randomBytes } from 'node:crypto';
import { status as grpcStatus } from '@grpc/grpc-js';
import { TimestampFromDate } from '@firestore-emulator/server';
import firestoreProto from '@firestore-emulator/proto/dist/google/firestore/v1/firestore.js';
import emptyProto from '@firestore-emulator/proto/dist/google/protobuf/empty.js';

const { BatchGetDocumentsResponse, BeginTransactionResponse, CommitResponse, RunQueryResponse } = firestoreProto;
const { Empty } = emptyProto;

const LOCK_WAIT_MS = Number(process.env.STANDIN_LOCK_WAIT_MS ?? 10_000);
/** Only when set (the soak sets it): each lock wait longer than this many ms is logged with who holds what. */
const LOG_WAITS_OVER_MS = Number(process.env.STANDIN_LOG_LOCK_WAITS_MS ?? 0);
/** A transaction idle this long is taken to be abandoned and its locks are released. */
const TX_IDLE_MS = 60_000;

class LockTable {
  /** document path -> { owner, waiters: [{ owner, grant, timer }] } */
  #locks = new Map();
  /** Describes a transaction for the slow-wait log (what it holds, when it last asked anything). */
  #describe;

  constructor(describe = (owner) => owner) {
    this.#describe = describe;
  }
  /** owner -> the paths it waits for (a transaction's reads may run in parallel). */
  #waiting = new Map();

  /**
   * Whether `owner` waiting for `path` would close a cycle: it would wait for the path's holder
   * and every waiter queued before it, each of which may wait for others in turn.
   */
  #wouldDeadlock(owner, path) {
    const seen = new Set();
    const ahead = (p, upTo) => {
      const lock = this.#locks.get(p);
      if (!lock) return [];
      const end = upTo === undefined ? lock.waiters.length : lock.waiters.findIndex((w) => w.owner === upTo);
      return [lock.owner, ...lock.waiters.slice(0, end < 0 ? lock.waiters.length : end).map((w) => w.owner)];
    };
    const stack = ahead(path);
    while (stack.length) {
      const o = stack.pop();
      if (o === owner) return true;
      if (seen.has(o)) continue;
      seen.add(o);
      for (const p of this.#waiting.get(o) ?? []) stack.push(...ahead(p, o));
    }
    return false;
  }

  #stopWaiting(owner, path) {
    const paths = this.#waiting.get(owner);
    paths?.delete(path);
    if (paths?.size === 0) this.#waiting.delete(owner);
  }

  acquire(path, owner) {
    const lock = this.#locks.get(path);
    if (!lock) {
      this.#locks.set(path, { owner, waiters: [] });
      return Promise.resolve();
    }
    if (lock.owner === owner) return Promise.resolve();
    if (this.#wouldDeadlock(owner, path)) {
      return Promise.reject(Object.assign(new Error(`Transaction deadlock on ${path}: retry the transaction`), { code: grpcStatus.ABORTED }));
    }
    return new Promise((resolve, reject) => {
      const waiter = { owner, grant: resolve, timer: null, slow: null };
      if (LOG_WAITS_OVER_MS > 0) {
        waiter.slow = setTimeout(() => {
          console.error(`stand-in: ${this.#describe(owner)} has waited ${LOG_WAITS_OVER_MS} ms for ${path}, held by ${this.#describe(lock.owner)}`);
        }, LOG_WAITS_OVER_MS);
        waiter.slow.unref();
      }
      waiter.timer = setTimeout(() => {
        clearTimeout(waiter.slow);
        lock.waiters.splice(lock.waiters.indexOf(waiter), 1);
        this.#stopWaiting(owner, path);
        reject(Object.assign(new Error(`Transaction lock timeout on ${path}`), { code: grpcStatus.ABORTED }));
      }, LOCK_WAIT_MS);
      lock.waiters.push(waiter);
      this.#waiting.set(owner, (this.#waiting.get(owner) ?? new Set()).add(path));
    });
  }

  release(path, owner) {
    const lock = this.#locks.get(path);
    if (!lock || lock.owner !== owner) return;
    const next = lock.waiters.shift();
    if (!next) {
      this.#locks.delete(path);
      return;
    }
    clearTimeout(next.timer);
    clearTimeout(next.slow);
    this.#stopWaiting(next.owner, path);
    lock.owner = next.owner;
    next.grant();
  }
}

export function isolateTransactions(server) {
  const state = server.state;
  /** hex id -> { held: Set<path>, idle: timer, began: ms, lastCall: ms, calls: string[] } */
  const transactions = new Map();
  const short = (path) => path.replace(/^projects\/[^/]+\/databases\/[^/]+\/documents\//, '');
  const locks = new LockTable((key) => {
    const tx = transactions.get(key);
    if (!tx) return `transaction ${key.slice(0, 8)} (over)`;
    const now = Date.now();
    return `transaction ${key.slice(0, 8)} (${now - tx.began} ms old, last call ${now - tx.lastCall} ms ago: ${tx.calls.join(' > ')}; holds ${[...tx.held].map(short).join(', ') || 'nothing'})`;
  });

  const touch = (key, call) => {
    const tx = transactions.get(key);
    if (!tx) return null;
    tx.lastCall = Date.now();
    if (call && LOG_WAITS_OVER_MS > 0) tx.calls.push(call);
    clearTimeout(tx.idle);
    tx.idle = setTimeout(() => finish(key), TX_IDLE_MS);
    tx.idle.unref();
    return tx;
  };
  const begin = () => {
    const id = randomBytes(16);
    const key = id.toString('hex');
    transactions.set(key, { held: new Set(), idle: null, began: Date.now(), lastCall: Date.now(), calls: [] });
    touch(key);
    return { id, key };
  };
  const finish = (key) => {
    const tx = transactions.get(key);
    if (!tx) return;
    clearTimeout(tx.idle);
    transactions.delete(key);
    for (const path of tx.held) locks.release(path, key);
  };
  const lockAll = async (key, paths, call) => {
    const tx = touch(key, LOG_WAITS_OVER_MS > 0 ? `${call} ${paths.map(short).join(',') || '(none)'}` : undefined);
    if (!tx) throw Object.assign(new Error('Transaction is not active (expired or already committed).'), { code: grpcStatus.ABORTED });
    // A stable order keeps two transactions that lock the same documents from deadlocking.
    try {
      for (const path of [...new Set(paths)].sort()) {
        await locks.acquire(path, key);
        tx.held.add(path);
      }
    } catch (err) {
      // An aborted transaction is over: its locks go at once, as production's do. The client may
      // never learn its id to roll it back (a first read that began it and failed), and its locks
      // would otherwise stay TX_IDLE_MS, failing every transaction that needs them meanwhile.
      finish(key);
      throw err;
    }
  };
  const keyOf = (bytes) => (bytes && bytes.length ? Buffer.from(bytes).toString('hex') : null);
  const fail = (err) => ({ code: err.code ?? grpcStatus.INTERNAL, message: err.message, name: 'Error' });
  /**
   * Ends a streamed read (BatchGetDocuments, RunQuery) with the error's status. grpc-js's server
   * stream turns an 'error' event into the call's status; `call.destroy(err)` sent none, so the
   * client waited for its 60 s deadline on every aborted read (the soak's company checkouts and
   * approvals that timed out, decision 0064). An empty answer (only its read time) goes first:
   * the client's stream layer (retry-request) repeats a read that failed before any answer twice,
   * 2 and 4 s apart, whatever the code, and the transaction it belonged to is over, so each
   * deadlock cost 7 s before the Admin SDK could retry the transaction.
   */
  const failStream = (call, err, Response) => {
    call.write(Response.fromObject({ read_time: TimestampFromDate(new Date()) }));
    call.emit('error', fail(err));
  };

  const handlers = server.server.handlers;
  const replace = (method, func) => {
    const path = `/google.firestore.v1.Firestore/${method}`;
    const handler = handlers.get(path);
    if (!handler) throw new Error(`stand-in: no gRPC handler ${path} to wrap`);
    handler.func = func;
  };

  replace('BeginTransaction', (_call, callback) => {
    callback(null, BeginTransactionResponse.fromObject({ transaction: begin().id }));
  });

  replace('Rollback', (call, callback) => {
    const key = keyOf(call.request.transaction);
    if (key) finish(key);
    callback(null, Empty.fromObject({}));
  });

  replace('BatchGetDocuments', async (call) => {
    try {
      let key = keyOf(call.request.transaction);
      if (call.request.has_new_transaction) {
        const tx = begin();
        key = tx.key;
        call.write(BatchGetDocumentsResponse.fromObject({ transaction: tx.id }));
      }
      if (key) await lockAll(key, call.request.documents, 'get');
      const readTime = TimestampFromDate(new Date());
      for (const path of call.request.documents) {
        const doc = state.getDocument(path);
        call.write(
          BatchGetDocumentsResponse.fromObject({
            found: doc.metadata.hasExist ? doc.toV1DocumentObject() : undefined,
            missing: doc.metadata.hasExist ? undefined : path,
            read_time: readTime,
          }),
        );
      }
      call.end();
    } catch (err) {
      failStream(call, err, BatchGetDocumentsResponse);
    }
  });

  replace('RunQuery', async (call) => {
    try {
      let key = keyOf(call.request.transaction);
      let newId = null;
      if (call.request.consistency_selector === 'new_transaction') {
        const tx = begin();
        key = tx.key;
        newId = tx.id;
      }
      const query = () => state.v1Query(call.request.parent, call.request.structured_query);
      let results = query();
      if (key) {
        // Lock what the query found, then answer from the locked state.
        await lockAll(
          key,
          results.map((d) => d.getPath()),
          `query ${call.request.structured_query?.from?.[0]?.collection_id ?? ''}`,
        );
        results = query();
      }
      const readTime = TimestampFromDate(new Date());
      const base = { read_time: readTime, skipped_results: 0, ...(newId ? { transaction: newId } : {}) };
      if (results.length === 0) call.write(RunQueryResponse.fromObject({ ...base, done: true }));
      results.forEach((doc, i) => call.write(RunQueryResponse.fromObject({ ...base, document: doc.toV1DocumentObject(), done: i === results.length - 1 })));
      call.end();
    } catch (err) {
      failStream(call, err, RunQueryResponse);
    }
  });

  replace('Commit', async (call, callback) => {
    const writes = call.request.writes;
    const paths = writes.map((w) => w.update?.name || w.delete || w.transform?.document).filter(Boolean);
    // A plain write or batch (no transaction) respects the locks of running transactions too.
    const key = keyOf(call.request.transaction) ?? begin().key;
    try {
      await lockAll(key, paths, call.request.transaction?.length ? 'commit' : 'write');
      const date = new Date();
      const results = writes.map((w) => state.writeV1Document(date, w));
      callback(null, CommitResponse.fromObject({ commit_time: TimestampFromDate(date), write_results: results.map((r) => r.toObject()) }));
    } catch (err) {
      callback(fail(err), null);
    } finally {
      finish(key);
    }
  });
}
