import { describe, expect, it } from 'vitest';
import { documentFacts, formatSize } from './document-facts.ts';

const now = new Date('2026-03-10T12:00:00');
const detail = {
  kind: 'note' as const,
  status: 'active' as const,
  size: 4300,
  updatedAt: '2026-03-07T09:00:00',
  sections: [],
  headings: [{}, {}, {}] as never[],
  pages: [],
  wordCount: 1234,
};

describe('documentFacts', () => {
  it('says status, size, when it changed, sections and words', () => {
    expect(documentFacts(detail, now)).toBe(
      'Active · 4.2 KB · modified 3 days ago · 3 sections · 1,234 words',
    );
  });

  it('counts pages for a PDF and leaves out what it does not know', () => {
    expect(
      documentFacts(
        {
          ...detail,
          kind: 'pdf',
          status: 'archived',
          pages: [{}, {}] as never[],
          wordCount: 0,
          updatedAt: '',
        },
        now,
      ),
    ).toBe('Archived · 4.2 KB · 2 pages');
  });

  it.each([
    [0, '0 B'],
    [812, '812 B'],
    [1536, '1.5 KB'],
    [20 * 1024, '20 KB'],
    [3.4 * 1024 * 1024, '3.4 MB'],
  ])('formats %i bytes as %s', (bytes, text) => {
    expect(formatSize(bytes)).toBe(text);
  });
});
