import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/apps/server/create-server.ts';
import { openWorkspaceHandle, type WorkspaceHandle } from '../src/apps/server/workspace-handle.ts';
import { gptTokenCounter, memoizeTokenCounter } from '../src/core/index.ts';
import { createOfflineModel } from '../src/llm/index.ts';
import { createSchemaUrl, skipPostgres } from '../src/testing/postgres-test-database.ts';
import { copySampleWorkspace } from '../src/testing/run-footnote.ts';
import type { IndexReport } from '../src/workspace/index.ts';

/** Two servers in this process on one PostgreSQL schema and one workspace folder. */
describe.skipIf(skipPostgres)('Two servers on one PostgreSQL database', () => {
  const sample = copySampleWorkspace();
  let database: Awaited<ReturnType<typeof createSchemaUrl>>;
  const handles: WorkspaceHandle[] = [];
  const stops: (() => Promise<void>)[] = [];
  const urls: string[] = [];
  const reports: IndexReport[][] = [[], []];

  beforeAll(async () => {
    database = await createSchemaUrl();
    for (const i of [0, 1]) {
      const handle = await openWorkspaceHandle('default', sample.workspace, {
        watch: false,
        databaseUrl: database.url,
        onIndexReport: (report) => reports[i]?.push(report),
      });
      const app = createServer({
        workspaces: new Map([['default', handle]]),
        tokenCounter: memoizeTokenCounter(gptTokenCounter),
        model: () => createOfflineModel(),
        authenticate: null,
        rateLimit: { limit: 2, windowMs: 3_600_000 },
      });
      urls.push(await app.listen({ host: '127.0.0.1', port: 0 }));
      handles.push(handle);
      stops.push(async () => {
        await app.close();
        await handle.close();
      });
    }
  });
  afterAll(async () => {
    for (const stop of stops) await stop();
    await database?.drop();
    sample.cleanup();
  });

  const chat = (url: string | undefined, message: string) =>
    fetch(`${url}/api/workspaces/default/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message }),
    });

  it('share one rate limit: a user past it on one server is refused by the other', async () => {
    expect((await chat(urls[0], 'What is the pump?')).status).toBe(200);
    expect((await chat(urls[1], 'And the impeller?')).status).toBe(200);
    const refused = await chat(urls[0], 'One more?');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect((await chat(urls[1], 'And here?')).status).toBe(429);
  });

  it('index one at a time: the other server picks up the new index version and rebuilds its catalog', async () => {
    const [here, there] = handles as [WorkspaceHandle, WorkspaceHandle];
    const titles = async (handle: WorkspaceHandle) =>
      (await handle.catalog()).entries.map((e) => e.title);
    expect(await titles(there)).not.toContain('Gearbox Notes');
    const before = reports[1]?.length;
    writeFileSync(
      join(sample.workspace, 'Gearbox Notes.md'),
      '# Gearbox Notes\n\nOil every 500 hours.\n',
    );
    await here.reindex();
    expect(await titles(here)).toContain('Gearbox Notes');
    // Told by NOTIFY (or its poll): its cached catalog is dropped, and it did not index itself.
    await expect.poll(() => titles(there), { timeout: 3000 }).toContain('Gearbox Notes');
    expect(reports[1]).toHaveLength(before ?? 0);
  });
});
