// What the MCP server costs a client: the size of its tool schemas (characters of the tools/list
// result and their tokens by gpt-tokenizer, o200k) in chat and agent mode, and the latency of
// each tool call on a copy of the sample workspace, through the real `footnote mcp` on stdio with
// the v1 SDK client most hosts ship.
//
//   node bench/mcp-tools.ts [--runs 20]
import { cpSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { countTokens } from 'gpt-tokenizer';
import { formatTable } from './format-table.ts';
import { makeTempDir, removeTempDirs } from './temp-dirs.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });
const runs = Number(values.runs);

async function connect(workspace: string, mode: 'chat' | 'agent'): Promise<Client> {
  const client = new Client({ name: 'footnote-bench', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [join(repoRoot, 'bin/footnote.js'), 'mcp', '--workspace', workspace, '--mode', mode],
      stderr: 'ignore',
    }),
  );
  return client;
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const p95 = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
};

/** The calls timed: one representative call per tool. */
const CALLS: ReadonlyArray<[string, Record<string, unknown>]> = [
  ['search', { query: 'flow rate of the pump', limit: 8 }],
  ['fetch', { id: '[[Pump Design#Flow Rate Calculation]]' }],
  ['fetch', { id: 'footnote://pdf/pdfs/pump-datasheet.pdf/page/2' }],
  ['resolve', { message: 'Compare [[Pump Design]] with @why-solar-pumps:our-approach and @Alice' }],
  ['ask', { message: 'What flow rate must the pump deliver? See [[Pump Design]]' }],
  ['list_documents', {}],
  ['links', { id: 'notes/projects/Pump Design.md' }],
];

try {
  const workspace = join(await makeTempDir('footnote-mcp-bench-'), 'sample');
  cpSync(join(repoRoot, 'examples/workspace'), workspace, {
    recursive: true,
    filter: (src) => !src.includes('.footnote'),
  });
  const sizes: string[][] = [];
  for (const mode of ['chat', 'agent'] as const) {
    const started = performance.now();
    const client = await connect(workspace, mode);
    const connectMs = performance.now() - started;
    const list = JSON.stringify(await client.listTools());
    sizes.push([
      mode,
      String((await client.listTools()).tools.length),
      String(list.length),
      String(countTokens(list)),
      `${connectMs.toFixed(0)} ms`,
    ]);
    if (mode === 'chat') {
      const rows: string[][] = [];
      for (const [name, args] of CALLS) {
        const times: number[] = [];
        let bytes = 0;
        for (let i = 0; i < runs; i++) {
          const t0 = performance.now();
          const result = await client.callTool({ name, arguments: args });
          times.push(performance.now() - t0);
          if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
          bytes = JSON.stringify(result).length;
        }
        rows.push([
          name,
          JSON.stringify(args).slice(0, 48),
          `${median(times).toFixed(1)} ms`,
          `${p95(times).toFixed(1)} ms`,
          String(bytes),
        ]);
      }
      process.stdout.write(
        `${formatTable(
          `Tool calls on the sample workspace (${runs} runs each, stdio, offline model)`,
          [
            { header: 'tool' },
            { header: 'arguments' },
            { header: 'median', align: 'right' },
            { header: 'p95', align: 'right' },
            { header: 'result chars', align: 'right' },
          ],
          rows,
        )}\n\n`,
      );
    }
    await client.close();
  }
  process.stdout.write(
    `${formatTable(
      'tools/list (the JSON of its result)',
      [
        { header: 'mode' },
        { header: 'tools', align: 'right' },
        { header: 'characters', align: 'right' },
        { header: 'tokens (o200k)', align: 'right' },
        { header: 'connect + index', align: 'right' },
      ],
      sizes,
    )}\n`,
  );
} finally {
  await removeTempDirs();
}
