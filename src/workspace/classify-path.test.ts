import { describe, expect, it } from 'vitest';
import { classifyPath } from './classify-path.ts';

describe('classifyPath', () => {
  it.each([
    ['Home.md', 'note'],
    ['notes/projects/Budget.md', 'note'],
    ['notes/content/x.md', 'note'],
    ['notes/sources/y.md', 'note'],
    ['content.md', 'note'],
    ['Draft.markdown', 'note'],
    ['content/why-solar-pumps.md', 'content'],
    ['content/2025/post.mdx', 'content'],
    ['Content/Upper.md', 'content'],
    ['sources/transcripts/interview.md', 'source'],
    ['sources/transcripts/standup.txt', 'source'],
    ['sources/loose.md', 'source'],
    ['entities/person/alice.md', 'entity'],
    ['pdfs/report.pdf', 'pdf'],
    ['sources/web/capture.pdf', 'pdf'],
    ['content/attachment.PDF', 'pdf'],
    ['files/readings.csv', 'file'],
    ['files/site-photo.png', 'file'],
    ['notes/todo.txt', 'file'],
    ['content/cover.jpg', 'file'],
    ['entities/person/photo.png', 'file'],
    ['entities/person.md', 'entity'],
    ['README', 'file'],
  ])('reads %s as a %s document', (path, kind) => {
    expect(classifyPath(path)).toEqual({ role: 'document', kind });
  });

  it('reads entities/_types/*.yaml and *.yml as type schemas', () => {
    expect(classifyPath('entities/_types/person.yaml')).toEqual({ role: 'entity-type' });
    expect(classifyPath('entities/_types/team.YML')).toEqual({ role: 'entity-type' });
  });

  it('ignores anything else under entities/_types', () => {
    expect(classifyPath('entities/_types/README.md')).toEqual({
      role: 'ignored',
      reason: 'not a type schema',
    });
  });

  it('does not treat YAML elsewhere as a type schema', () => {
    expect(classifyPath('entities/person/person.yaml')).toEqual({ role: 'document', kind: 'file' });
    expect(classifyPath('_types/person.yaml')).toEqual({ role: 'document', kind: 'file' });
  });

  it.each([
    '.footnote/index.sqlite',
    '.git/HEAD',
    '.obsidian/workspace.json',
    '.trash/Old.md',
    'notes/.hidden/Note.md',
    'notes/.draft.md',
    'entities/_types/.person.yaml',
  ])('ignores the hidden path %s', (path) => {
    expect(classifyPath(path)).toEqual({ role: 'ignored', reason: 'hidden path' });
  });

  it.each(['node_modules/pkg/README.md', 'tools/__pycache__/x.txt'])(
    'ignores %s inside an ignored folder',
    (path) => {
      expect(classifyPath(path)).toEqual({ role: 'ignored', reason: 'ignored folder' });
    },
  );

  it('only ignores those names as folders, not as files', () => {
    expect(classifyPath('notes/node_modules')).toEqual({ role: 'document', kind: 'file' });
  });
});
