import { describe, expect, it } from 'vitest';
import { storedDocument } from '../../testing/stored-document-fixture.ts';
import { namedPart } from './document-parts.ts';

const post = storedDocument(
  'content/why-solar-pumps.md',
  '---\ntitle: Why solar pumps\n---\nPumps need power.\n\n## Costs\n\nPanels are cheap.\n\n### Panels\n\nMono.\n\n## Wrapping up\n\nGo solar.\n',
  { kind: 'content' },
);

describe('the part a tool names', () => {
  it('finds a section by id, by title and by heading text', () => {
    expect(namedPart(post, 'costs')?.text).toContain('Panels are cheap.');
    expect(namedPart(post, 'Wrapping up')?.text).toContain('Go solar.');
    expect(namedPart(post, 'Panels')?.text).toContain('Mono.');
  });

  it("reads a post's introduction and conclusion by position when no section is called that", () => {
    expect(namedPart(post, 'introduction')).toMatchObject({ text: 'Pumps need power.', start: 0 });
    expect(namedPart(post, 'intro')?.text).toBe('Pumps need power.');
    expect(namedPart(post, 'Conclusion')?.text).toContain('Go solar.');
    expect(namedPart(post, 'Conclusion')?.section).toBe(post.sections.at(-1)?.id);
  });

  it('leaves a note, or a name nothing matches, without a part', () => {
    const note = storedDocument('notes/n.md', 'Intro.\n\n## Risks\n\nDust.\n');
    expect(namedPart(note, 'conclusion')).toBeNull();
    expect(namedPart(post, 'nope')).toBeNull();
  });
});
