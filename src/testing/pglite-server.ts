import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/**
 * A PostgreSQL with pgvector for tests on machines whose server lacks it: PGlite (PostgreSQL
 * compiled to WebAssembly) with its pgvector extension, served over the wire protocol on
 * 127.0.0.1 so the real `pg`-based adapters talk to it. One in-memory database per call.
 */
export async function startPgliteServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const db = await PGlite.create({ extensions: { vector } });
  // PGlite runs one session; the server multiplexes clients onto it, queuing their queries.
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 8 });
  await server.start();
  const address = server.getServerConn();
  return {
    url: `postgres://postgres@${address}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
