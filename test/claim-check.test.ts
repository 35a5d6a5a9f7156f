import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startOpenAIStubServer } from '../src/testing/openai-stub-server.ts';
import { runFootnoteAsync } from '../src/testing/run-footnote.ts';
import { createTempWorkspace, type TempWorkspace } from '../src/testing/temp-workspace.ts';

const PUMP =
  'The pump reached 2.6 m3/h at noon on the first day. The strainer clogged twice with silt.';
const BUDGET = 'The total budget is 148,500 dollars.';

let workspace: TempWorkspace | null = null;
afterEach(() => {
  workspace?.cleanup();
  workspace = null;
});

interface AskJson {
  message: {
    content: string;
    citations: Array<{
      n: number;
      path: string;
      cited: boolean;
      support: string | null;
      quote: { text: string; start: number | null; end: number | null } | null;
    }>;
    claims: Array<{
      text: string;
      markers: number[];
      verdict: string;
      support: Array<{ n: number; verdict: string; missing: string[] }>;
    }>;
    claimSummary: { claims: number; supported: number; partial: number; unsupported: number };
  };
}

/** Asks through the real OpenAI-compatible provider, against a stub that answers `answer` (then `replies`). */
async function askScripted(
  message: string,
  answer: string,
  replies: readonly string[] = [],
  flags: readonly string[] = [],
): Promise<AskJson> {
  workspace = createTempWorkspace({
    'Pump.md': `# Pump\n\n${PUMP}\n`,
    'Budget.md': `# Budget\n\n${BUDGET}\n`,
  });
  const stub = await startOpenAIStubServer([answer, ...replies].map((text) => ({ text })));
  try {
    const run = await runFootnoteAsync([
      'ask',
      message,
      '--workspace',
      workspace.root,
      '--model',
      'openai-compatible:stub',
      '--base-url',
      stub.url,
      '--json',
      ...flags,
    ]);
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as AskJson;
  } finally {
    await stub.close();
  }
}

describe('claims of any model are checked against the sources they cite', () => {
  it('flags a wrong number and a wrong source, quotes the supporting words exactly, and renumbers by first citation', async () => {
    // [[Pump]] is source 1 and [[Budget]] source 2 in the prompt; the answer cites 2 first.
    const answer = [
      'The total budget is 148,500 dollars [2].',
      'The pump reached 2.9 m3/h at noon [1].',
      'The strainer clogged twice with silt [2].',
    ].join(' ');
    const { message } = await askScripted('Compare [[Pump]] with [[Budget]].', answer);

    expect(message.content).toBe(
      [
        'The total budget is 148,500 dollars [1].',
        'The pump reached 2.9 m3/h at noon [2].',
        'The strainer clogged twice with silt [1].',
      ].join(' '),
    );
    const cited = message.citations.filter((c) => c.cited);
    expect(cited.map((c) => [c.n, c.path])).toEqual([
      [1, 'Budget.md'],
      [2, 'Pump.md'],
    ]);
    expect(message.claims.map((c) => [c.markers, c.verdict])).toEqual([
      [[1], 'supported'],
      [[2], 'unsupported'],
      [[1], 'unsupported'],
    ]);
    expect(message.claims[1]?.support[0]?.missing).toContain('2.9');
    expect(message.claimSummary).toEqual({ claims: 3, supported: 1, partial: 0, unsupported: 2 });

    const budget = cited[0];
    expect(budget?.support).toBe('supported');
    const body = readFileSync(join(workspace?.root ?? '', 'Budget.md'), 'utf8');
    expect(budget?.quote?.text).toBe(BUDGET);
    expect(body.slice(budget?.quote?.start ?? 0, budget?.quote?.end ?? 0)).toBe(BUDGET);
    // The pump passage is cited once, for a wrong number: its verdict says so.
    expect(cited[1]?.support).toBe('unsupported');
  });

  it('gives a paraphrase that keeps the facts a supported or partial verdict, never a wrong one', async () => {
    const { message } = await askScripted(
      'How fast did [[Pump]] pump?',
      'On the first day the pump reached 2.6 m3/h around noon [1].',
    );
    expect(message.claims).toHaveLength(1);
    expect(['supported', 'partial']).toContain(message.claims[0]?.verdict);
    expect(message.citations.find((c) => c.cited)?.quote?.text).toBe(
      'The pump reached 2.6 m3/h at noon on the first day.',
    );
  });

  it('with --verify model, the model judges each claim too, and its verdict is stored', async () => {
    const { message } = await askScripted(
      'What does [[Pump]] say?',
      'The strainer clogged twice with silt [1].',
      ['partial'],
      ['--verify', 'model'],
    );
    expect(message.claims.map((c) => c.verdict)).toEqual(['partial']);
    expect(message.claimSummary).toMatchObject({ claims: 1, supported: 0, partial: 1 });
    expect(message.citations.find((c) => c.cited)?.support).toBe('partial');
  });

  it('refuses --verify model without a model, in one line', async () => {
    workspace = createTempWorkspace({ 'Pump.md': `# Pump\n\n${PUMP}\n` });
    const run = await runFootnoteAsync([
      'ask',
      'What does [[Pump]] say?',
      '--workspace',
      workspace.root,
      '--verify',
      'model',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/--verify model needs/);
  });
});
