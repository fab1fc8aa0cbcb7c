// The live heap of this process, for the soak (npm run bench:soak, decision 0049): a full garbage
// collection first, so what is left is what the process holds, not what it has yet to collect.
// The parts that keep data in memory (the Firestore stand-in, the Stripe double) answer it beside
// what they store, so the soak can tell memory that follows the data from a leak per request.
import v8 from 'node:v8';
import vm from 'node:vm';

let gc = null;

/** Bytes of heap in use after a full collection (the flag exposes `gc` to contexts made after it is set). */
export function liveHeapBytes() {
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc');
  }
  gc();
  return process.memoryUsage().heapUsed;
}
