import { describe, expect, it } from 'vitest';
import {
  documentKeys,
  type LinkableDocument,
  linkMatchesDocument,
  linkTargetKey,
  resolveRelativeTarget,
} from './link-target.ts';

const wiki = (target: string) => ({ syntax: 'wikilink' as const, target });
const md = (target: string) => ({ syntax: 'markdown' as const, target });

describe('resolveRelativeTarget', () => {
  it('joins the target with the folder of the linking note', () => {
    expect(resolveRelativeTarget('Budget.md', 'notes/projects/Pump.md')).toBe(
      'notes/projects/Budget.md',
    );
    expect(resolveRelativeTarget('Budget.md', 'Home.md')).toBe('Budget.md');
  });

  it('resolves . and .. segments and repeated slashes', () => {
    expect(resolveRelativeTarget('../../pdfs/field-report.pdf', 'notes/projects/Pump.md')).toBe(
      'pdfs/field-report.pdf',
    );
    expect(resolveRelativeTarget('./a/../b//c.md', 'notes/x.md')).toBe('notes/b/c.md');
  });

  it('never climbs above the workspace root', () => {
    expect(resolveRelativeTarget('../../../../etc/passwd', 'notes/x.md')).toBe('etc/passwd');
    expect(resolveRelativeTarget('../x.md', 'Home.md')).toBe('x.md');
  });

  it('reads a leading slash as the workspace root, still never above it', () => {
    expect(resolveRelativeTarget('/pdfs/report.pdf', 'notes/deep/x.md')).toBe('pdfs/report.pdf');
    expect(resolveRelativeTarget('/../outside.md', 'notes/x.md')).toBe('outside.md');
    expect(resolveRelativeTarget('/notes/./a/../b.md', 'x.md')).toBe('notes/b.md');
  });
});

describe('linkTargetKey', () => {
  it('is the lower-case file name without a Markdown extension', () => {
    expect(linkTargetKey(wiki('Solar Pump Project'), 'Home.md')).toBe('solar pump project');
    expect(linkTargetKey(wiki('projects/Budget.md'), 'Home.md')).toBe('budget');
    expect(linkTargetKey(wiki('site-photo.png'), 'Home.md')).toBe('site-photo.png');
  });

  it('resolves Markdown links before taking the file name', () => {
    expect(linkTargetKey(md('../people/Alice Profile.md'), 'notes/x/y.md')).toBe('alice profile');
    expect(linkTargetKey(md('../../pdfs/Report.PDF'), 'notes/a/b.md')).toBe('report.pdf');
  });
});

describe('documentKeys', () => {
  it('lists file name with and without extension, title and aliases, lower-case and distinct', () => {
    expect(
      documentKeys({
        path: 'notes/Solar Pump.md',
        title: 'Solar Pump Project',
        aliases: ['SPP', 'solar pump'],
      }),
    ).toEqual(['solar pump', 'solar pump.md', 'solar pump project', 'spp']);
  });

  it('keeps the extension of non-Markdown files', () => {
    expect(
      documentKeys({ path: 'files/site-photo.png', title: 'site-photo.png', aliases: [] }),
    ).toEqual(['site-photo.png']);
  });
});

describe('linkMatchesDocument', () => {
  const projectBudget: LinkableDocument = {
    path: 'notes/projects/Budget.md',
    title: 'Budget',
    aliases: [],
  };
  const archivedBudget: LinkableDocument = {
    path: 'notes/archive/Budget.md',
    title: 'Old Budget',
    aliases: ['2024 budget'],
  };

  it('matches by file name, title or alias, ignoring case and .md', () => {
    expect(linkMatchesDocument(wiki('budget'), 'Home.md', projectBudget)).toBe(true);
    expect(linkMatchesDocument(wiki('Budget.md'), 'Home.md', projectBudget)).toBe(true);
    expect(linkMatchesDocument(wiki('Old Budget'), 'Home.md', archivedBudget)).toBe(true);
    expect(linkMatchesDocument(wiki('2024 Budget'), 'Home.md', archivedBudget)).toBe(true);
    expect(linkMatchesDocument(wiki('Forecast'), 'Home.md', projectBudget)).toBe(false);
  });

  it('narrows a name shared by two files with the folder part of the link', () => {
    expect(linkMatchesDocument(wiki('projects/Budget'), 'Home.md', projectBudget)).toBe(true);
    expect(linkMatchesDocument(wiki('projects/Budget'), 'Home.md', archivedBudget)).toBe(false);
    expect(linkMatchesDocument(wiki('notes/archive/Budget.md'), 'Home.md', archivedBudget)).toBe(
      true,
    );
  });

  it('matches folders whole, not as a suffix of a folder name', () => {
    expect(linkMatchesDocument(wiki('jects/Budget'), 'Home.md', projectBudget)).toBe(false);
  });

  it('resolves relative Markdown links against the linking note', () => {
    expect(
      linkMatchesDocument(md('../projects/Budget.md'), 'notes/archive/x.md', projectBudget),
    ).toBe(true);
    expect(
      linkMatchesDocument(md('../projects/Budget.md'), 'notes/archive/x.md', archivedBudget),
    ).toBe(false);
    expect(linkMatchesDocument(md('Budget.md'), 'notes/archive/x.md', archivedBudget)).toBe(true);
    expect(linkMatchesDocument(md('Budget.md'), 'notes/archive/x.md', projectBudget)).toBe(false);
  });

  it('matches a relative link to a PDF by its resolved path', () => {
    const pdf: LinkableDocument = {
      path: 'pdfs/field-report.pdf',
      title: 'Field Report',
      aliases: [],
    };
    expect(linkMatchesDocument(md('../../pdfs/field-report.pdf'), 'notes/projects/p.md', pdf)).toBe(
      true,
    );
    expect(linkMatchesDocument(md('../pdfs/field-report.pdf'), 'notes/projects/p.md', pdf)).toBe(
      false,
    );
  });
});
