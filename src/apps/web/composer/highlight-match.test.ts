import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { highlightLabel, searchedText } from './highlight-match.ts';

const marked = (label: string, typed: string) =>
  highlightLabel(label, typed)
    .map((p) => (p.match ? `<${p.text}>` : p.text))
    .join('');

describe('searchedText', () => {
  it('drops quotes, kind prefixes and the owner of a part', () => {
    expect(searchedText('"Alice Pro', '@')).toBe('Alice Pro');
    expect(searchedText('source:stand', '@')).toBe('stand');
    expect(searchedText('sizing-a-solar-pump#meas', '@')).toBe('meas');
    expect(searchedText('Pump Design#^blo', '[[')).toBe('blo');
    expect(searchedText('pump-datasheet.pdf#page=2', '[[')).toBe('2');
    expect(searchedText('Sol', '[[')).toBe('Sol');
  });
});

describe('highlightLabel', () => {
  it('marks the typed text wherever it occurs, ignoring case', () => {
    expect(marked('Solar Pump Project', 'sol')).toBe('<Sol>ar Pump Project');
    expect(marked('Why Solar Pumps', 'pump')).toBe('Why Solar <Pump>s');
  });

  it('marks typed words separately when the whole text does not occur', () => {
    expect(marked('Solar Pump Project', 'solar-project')).toBe('<Solar> Pump <Project>');
  });

  it('marks nothing for an empty or absent query', () => {
    expect(marked('Home', '')).toBe('Home');
    expect(marked('Home', 'xyz')).toBe('Home');
  });

  it('always joins back to the label', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.string({ maxLength: 8 }), (label, typed) => {
        expect(
          highlightLabel(label, typed)
            .map((p) => p.text)
            .join(''),
        ).toBe(label);
      }),
    );
  });
});
