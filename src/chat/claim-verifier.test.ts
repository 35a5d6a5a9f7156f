import { describe, expect, it } from 'vitest';
import type { CitableSource, Claim } from '../core/index.ts';
import { scriptedModel } from '../testing/scripted-model.ts';
import { lexicalVerifier, modelVerifier, readVerdict } from './claim-verifier.ts';

const SOURCE: CitableSource = {
  n: 1,
  documentId: 'pump',
  path: 'Pump.md',
  title: 'Pump',
  kind: 'note',
  chunkId: null,
  page: null,
  section: null,
  heading: null,
  start: 0,
  end: 40,
  text: 'The pump never ran dry during the trial.',
};

const claim = (text: string, verdict: Claim['verdict'], missing: string[] = []): Claim => ({
  start: 0,
  end: text.length,
  text,
  markers: [1],
  verdict,
  support: [
    {
      n: 1,
      verdict,
      score: verdict === 'supported' ? 1 : 0.2,
      quote: { text: SOURCE.text, start: 0, end: 40, found: true },
      missing,
    },
  ],
});

describe('claim verifiers', () => {
  it('reads the verdict word a judge replies with, and nothing else', () => {
    expect(readVerdict('Supported.')).toBe('supported');
    expect(readVerdict('  partial — it says part')).toBe('partial');
    expect(readVerdict('unsupported')).toBe('unsupported');
    expect(readVerdict('Yes, it is supported')).toBeNull();
    expect(readVerdict('')).toBeNull();
  });

  it('keeps the lexical verdicts by default', async () => {
    const claims = [claim('The pump ran dry.', 'supported')];
    expect(await lexicalVerifier.verify(claims, [SOURCE])).toBe(claims);
  });

  it('lets the model overrule a lexical verdict, but not a missing number, and keeps an unreadable reply lexical', async () => {
    // "ran dry" shares every word with "never ran dry": lexically supported, in fact contradicted.
    const model = scriptedModel([{ text: 'unsupported' }, { text: 'I am not sure.' }]);
    const verifier = modelVerifier(model);
    const claims = [
      claim('The pump ran dry during the trial.', 'supported'),
      claim('The pump ran for 9 hours.', 'unsupported', ['9']),
      claim('The trial went without the pump running dry.', 'partial'),
    ];
    const verified = await verifier.verify(claims, [SOURCE]);
    expect(verified.map((c) => c.verdict)).toEqual(['unsupported', 'unsupported', 'partial']);
    expect(verified[0]?.support[0]?.quote).toEqual(claims[0]?.support[0]?.quote);
    // Two model calls: the missing-number claim was not asked about.
    expect(model.doGenerateCalls.length + model.doStreamCalls.length).toBe(2);
  });
});
