import { describe, expect, it } from 'vitest';
import { obsidianLink } from './obsidian-link.ts';

describe('obsidianLink', () => {
  it('links a note by its vault path without .md, showing its title', () => {
    expect(obsidianLink('notes/projects/Solar Pump Project.md', 'Solar Pump Project')).toBe(
      '[[notes/projects/Solar Pump Project|Solar Pump Project]]',
    );
  });

  it('points at a heading, or at the page of a PDF', () => {
    expect(obsidianLink('notes/Pump Design.md', 'Pump Design', { heading: 'Impeller' })).toBe(
      '[[notes/Pump Design#Impeller|Pump Design]]',
    );
    expect(obsidianLink('pdfs/field-report.pdf', 'Field Report', { page: 2, heading: 'x' })).toBe(
      '[[pdfs/field-report.pdf#page=2|Field Report]]',
    );
  });

  it('keeps link syntax out of the target, heading and alias', () => {
    expect(obsidianLink('notes/a|b.md', 'Title [draft] | v2', { heading: 'Q&A #2 ^x' })).toBe(
      '[[notes/a-b#Q&A 2 x|Title draft v2]]',
    );
  });
});
