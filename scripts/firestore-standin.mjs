// Offline stand-in for the Firestore emulator (ENVIRONMENT.md): @firestore-emulator/server speaks
// the gRPC API firebase-admin uses. It has no security rules and no isolated transactions, so it
// serves single-user local runs and CRUD/query tests only; rules and concurrency need the real
// emulator (Java 21), which scripts/lib/stack.mjs prefers whenever the machine can run it.
import { FirestoreServer } from '@firestore-emulator/server';

const port = Number(process.env.PORT ?? 8080);
const server = new FirestoreServer();
await server.start(port);
console.log(`firestore stand-in: listening on 127.0.0.1:${port}`);

const stop = async () => {
  await server.stop?.();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
