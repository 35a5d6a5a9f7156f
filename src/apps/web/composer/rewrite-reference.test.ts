import { describe, expect, it } from 'vitest';
import { parseReferences } from '../../../core/references/parse-references.ts';
import { rewriteToPath } from './rewrite-reference.ts';

describe('rewriteToPath', () => {
  it('narrows a wikilink by its folder, keeping heading, alias and embed', () => {
    expect(rewriteToPath('[[Budget]]', 'wikilink', 'notes/projects/Budget.md')).toBe(
      '[[notes/projects/Budget]]',
    );
    expect(rewriteToPath('![[Budget#Q1|the plan]]', 'wikilink', 'notes/archive/Budget.md')).toBe(
      '![[notes/archive/Budget#Q1|the plan]]',
    );
    expect(rewriteToPath('[[spec]]', 'wikilink', 'files/spec.txt')).toBe('[[files/spec.txt]]');
  });

  it('writes a mention as its path, quoted when it has spaces', () => {
    expect(rewriteToPath('@pump', 'mention', 'notes/projects/Pump Design.md')).toBe(
      '@"notes/projects/Pump Design"',
    );
    expect(rewriteToPath('@pump', 'mention', 'pdfs/pump-datasheet.pdf')).toBe(
      '@pdfs/pump-datasheet.pdf',
    );
    expect(rewriteToPath('@home', 'mention', 'Home.md')).toBe('@"./Home"');
  });

  it('keeps a kind prefix and a section of a mention', () => {
    expect(rewriteToPath('@content:sizing#measure-the-lift', 'mention', 'content/sizing.md')).toBe(
      '@content:content/sizing#measure-the-lift',
    );
    expect(rewriteToPath('@"Alice P"#intro', 'mention', 'notes/people/Alice Profile.md')).toBe(
      '@"notes/people/Alice Profile"#intro',
    );
  });

  it('produces text the parser reads back as one reference naming the path', () => {
    const rewritten = rewriteToPath('@pump', 'mention', 'notes/projects/Pump Design.md');
    const [parsed] = parseReferences(`see ${rewritten} now`);
    expect(parsed?.raw).toBe(rewritten);
    expect(parsed?.name).toBe('notes/projects/Pump Design');
    const [wiki] = parseReferences(rewriteToPath('[[Budget]]', 'wikilink', 'a/Budget.md'));
    expect(wiki?.name).toBe('a/Budget');
  });
});
