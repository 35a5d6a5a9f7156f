import { describe, expect, it } from 'vitest';
import { userReference } from '../../testing/reference-fixture.ts';
import { editInstructions } from './edit-instructions.ts';

const doc = (id: string, path: string, kind: 'note' | 'file' | 'content' = 'note') => ({
  id,
  path,
  title: id,
  kind,
  status: 'active' as const,
});
const design = doc('design', 'notes/Pump Design.md');
const post = doc('post', 'content/why-solar-pumps.md', 'content');
const photo = doc('photo', 'files/site-photo.png', 'file');

describe('editInstructions', () => {
  it('says in chat mode that nothing may be changed', () => {
    const text = editInstructions('chat', [userReference(design, '[[Pump Design]]')]);
    expect(text).toMatch(/chat mode: you cannot change any document/);
    expect(text).not.toContain('[[Pump Design]]');
  });

  it('lists each reference with what its permission allows, in agent mode', () => {
    const text = editInstructions('agent', [
      userReference(photo, '@site-photo.png', { syntax: 'mention' }),
      userReference(post, '@why-solar-pumps', { syntax: 'mention', permission: 'insert' }),
      userReference(design, '[[Pump Design#Impeller]]', { permission: 'write' }),
    ]);
    expect(text).toContain(
      '- @site-photo.png (files/site-photo.png): read: read and cite it, do not change it',
    );
    expect(text).toContain(
      '- @why-solar-pumps (content/why-solar-pumps.md): insert: you may only add to it (insert_text, insert_file)',
    );
    expect(text).toContain(
      '- [[Pump Design#Impeller]] (notes/Pump Design.md): write: you may change it (edit_section, edit_metadata, write_content)',
    );
    expect(text).toMatch(/you may change only documents the user referenced/);
    expect(text).toMatch(
      /two or more documents and the message does not make clear which document each change is for, ask the user before calling any edit tool/,
    );
  });

  it('says every document is read-only when nothing was referenced for editing', () => {
    const text = editInstructions('agent', [userReference(design, '[[Pump Design]]')]);
    expect(text).toMatch(
      /referenced nothing for editing in this message, so every document is read-only/,
    );
    expect(text).toContain('- [[Pump Design]] (notes/Pump Design.md): read:');
    expect(editInstructions('agent', [])).not.toContain('References of this message');
  });

  it('marks archived, ambiguous and unloaded references as not editable, and leaves out tool references', () => {
    const text = editInstructions('agent', [
      userReference({ ...design, status: 'archived' }, '[[Old]]', {
        status: 'archived',
        permission: 'write',
      }),
      userReference(design, '[[Budget]]', { status: 'ambiguous', target: undefined }),
      userReference(post, '@post', { status: 'over_limit', permission: 'write' }),
      userReference(photo, '@photo', { origin: 'tool', permission: 'write' }),
    ]);
    expect(text).toContain(
      '- [[Old]] (notes/Pump Design.md): read: archived, so it cannot be changed',
    );
    expect(text).toContain('- [[Budget]]: names several documents; ask the user which one');
    expect(text).toContain('- @post (content/why-solar-pumps.md): not loaded (over limit)');
    expect(text).not.toContain('@photo');
    expect(text).toMatch(/referenced nothing for editing/);
  });
});
