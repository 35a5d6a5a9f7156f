import type { IncomingMessage } from 'node:http';
import { HttpError } from './http-error.ts';

/** Bodies up to this many times the limit are read to the end before the 413 goes out. */
export const DRAIN_FACTOR = 16;

/**
 * Refuses a body declared over `bodyLimit` only once it has arrived, so the client reads the
 * 413 instead of a reset: a server that answers and closes while the client is still writing
 * makes the client's next write fail (EPIPE), and the answer is lost with the connection.
 * Bodies past `DRAIN_FACTOR` times the limit are not worth reading; Fastify answers and closes.
 */
export async function refuseOversizedBody(raw: IncomingMessage, bodyLimit: number): Promise<void> {
  const declared = Number(raw.headers['content-length']);
  if (!Number.isFinite(declared) || declared <= bodyLimit || declared > bodyLimit * DRAIN_FACTOR)
    return;
  await new Promise<void>((done) => {
    raw.once('end', done);
    raw.once('close', done);
    raw.once('error', () => done());
    raw.resume();
  });
  throw new HttpError(
    413,
    'too_large',
    `request body too large (${declared} bytes, limit ${bodyLimit})`,
  );
}
