import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TextEmbedder } from '../../core/chunk-vectors.ts';
import { createConceptEmbedder } from '../../testing/concept-embedding.ts';
import { createTempWorkspace, type TempWorkspace } from '../../testing/temp-workspace.ts';
import type { EmbedReport } from '../../workspace/index.ts';
import { openWorkspaceHandle, type WorkspaceHandle } from './workspace-handle.ts';

let ws: TempWorkspace;
let handle: WorkspaceHandle | null = null;

beforeEach(() => {
  ws = createTempWorkspace({
    'salt.md': '# Salt\n\nThe brine tank.\n',
    'pump.md': '# Pump\n\nThe impeller.\n',
  });
});
afterEach(async () => {
  await handle?.close();
  handle = null;
  ws.cleanup();
});

describe('workspace handle embedding', () => {
  it('without an embedder has none and embeds nothing', async () => {
    handle = await openWorkspaceHandle('default', ws.root, { watch: false });
    expect(handle.embedder).toBeNull();
    await handle.embedded();
    expect((await handle.vectors.vectorCoverage('test:concept')).embedded).toBe(0);
  });

  it('embeds in the background after opening and after a re-index', async () => {
    const embedder = createConceptEmbedder();
    const reports: EmbedReport[] = [];
    handle = await openWorkspaceHandle('default', ws.root, {
      watch: false,
      embedder,
      onEmbedReport: (r) => reports.push(r),
    });
    expect(handle.embedder).toBe(embedder);
    await handle.embedded();
    const first = await handle.vectors.vectorCoverage(embedder.model);
    expect(first.embedded).toBe(first.chunks);
    expect(reports[0]?.embedded).toBe(first.chunks);

    ws.write('valve.md', '# Valve\n\nA saline leak at the valve.\n');
    await handle.reindex();
    await handle.embedded();
    const after = await handle.vectors.vectorCoverage(embedder.model);
    expect(after.chunks).toBeGreaterThan(first.chunks);
    expect(after.embedded).toBe(after.chunks);
    expect(embedder.embeddedTexts.some((t) => t.includes('saline leak'))).toBe(true);
    expect(embedder.embeddedTexts).toHaveLength(after.chunks);
  });

  it('embeds what the watcher indexed', async () => {
    const embedder = createConceptEmbedder();
    handle = await openWorkspaceHandle('default', ws.root, { embedder });
    await handle.embedded();
    ws.write('heat.md', '# Heat\n\nThe boiler runs hot.\n');
    await vi.waitFor(
      async () => {
        await handle?.embedded();
        expect(embedder.embeddedTexts.some((t) => t.includes('boiler runs hot'))).toBe(true);
      },
      { timeout: 15_000, interval: 100 },
    );
  });

  it('a failing embedder is reported and the workspace keeps serving', async () => {
    const errors: unknown[] = [];
    const failing: TextEmbedder = {
      model: 'test:down',
      embed: async () => {
        throw new Error('endpoint down');
      },
    };
    handle = await openWorkspaceHandle('default', ws.root, {
      watch: false,
      embedder: failing,
      onEmbedError: (e) => errors.push(e),
    });
    await handle.embedded();
    expect(errors.map((e) => (e as Error).message)).toEqual(['endpoint down']);
    const catalog = await handle.catalog();
    expect(catalog).toBeDefined();
    expect((await handle.store.listDocuments()).map((d) => d.path).sort()).toEqual([
      'pump.md',
      'salt.md',
    ]);
  });
});
