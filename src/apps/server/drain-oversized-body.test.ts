import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gptTokenCounter } from '../../core/index.ts';
import { createOfflineModel } from '../../llm/index.ts';
import { createServer } from './create-server.ts';

const LIMIT = 64 * 1024;
const app = createServer({
  workspaces: new Map(),
  model: () => createOfflineModel(),
  tokenCounter: gptTokenCounter,
  authenticate: null,
  bodyLimit: LIMIT,
});
let port = 0;
beforeAll(async () => {
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(() => app.close());

/** Posts `size` bytes in 16 KB pieces, a pause between them, as a slow uplink does. */
function postSlowly(size: number): Promise<{ status: number; connection: string; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/workspaces/default/chat',
        headers: { 'content-type': 'application/json', 'content-length': String(size) },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            connection: String(response.headers.connection),
            text,
          }),
        );
      },
    );
    outgoing.on('error', reject);
    let sent = 0;
    const piece = Buffer.alloc(16 * 1024, 'x');
    const next = () => {
      if (sent >= size) return void outgoing.end();
      const part = piece.subarray(0, Math.min(piece.length, size - sent));
      sent += part.length;
      outgoing.write(part);
      setTimeout(next, 2);
    };
    next();
  });
}

describe('a body over the size limit', () => {
  it('is read to its end and refused with a 413 the client receives, keeping the connection', async () => {
    const answer = await postSlowly(LIMIT * 4);
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe('keep-alive');
    expect(JSON.parse(answer.text)).toMatchObject({ error: { code: 'too_large' } });
  });

  it('past the reading limit is refused at once and the connection closed', async () => {
    const answer = await postSlowly(LIMIT * 32).catch((error: NodeJS.ErrnoException) => ({
      status: 0,
      connection: error.code ?? 'error',
      text: '',
    }));
    // The client either reads the 413 before its write fails, or sees the connection go.
    expect(answer.status === 413 ? answer.connection : 'closed').toMatch(/close/);
  });
});
