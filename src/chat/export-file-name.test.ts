import { describe, expect, it } from 'vitest';
import { attachmentHeader, exportFileName } from './export-file-name.ts';

describe('exportFileName', () => {
  it('names the file after the title as people read it', () => {
    expect(exportFileName('What does [[Solar Pump Project#Risks]] say?', 's1', 'md')).toBe(
      'What does Solar Pump Project › Risks say.md',
    );
    expect(exportFileName('Pump goals (e2e)', 's1', 'json')).toBe('Pump goals (e2e).json');
  });

  it('drops characters file systems refuse and keeps names short', () => {
    expect(exportFileName('a/b\\c: "d"? <e>|*', 's1', 'md')).toBe('a b c d e.md');
    expect(exportFileName('x'.repeat(300), 's1', 'md')).toBe(`${'x'.repeat(80)}.md`);
  });

  it('falls back to the session id when the title leaves nothing', () => {
    expect(exportFileName(' ??? ', '3f2a9c1e-77', 'md')).toBe('footnote-session-3f2a9c1e.md');
    expect(exportFileName('...', 'abc', 'json')).toBe('footnote-session-abc.json');
  });
});

describe('attachmentHeader', () => {
  it('gives an ASCII name and the exact UTF-8 one', () => {
    expect(attachmentHeader('Pumpe für Ndiaye (v2).md')).toBe(
      `attachment; filename="Pumpe f_r Ndiaye (v2).md"; filename*=UTF-8''Pumpe%20f%C3%BCr%20Ndiaye%20%28v2%29.md`,
    );
  });
});
