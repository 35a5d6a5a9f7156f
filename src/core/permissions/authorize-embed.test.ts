import { describe, expect, it } from 'vitest';
import { userReference } from '../../testing/reference-fixture.ts';
import { authorizeEmbed } from './authorize-embed.ts';

const photo = {
  id: 'photo',
  path: 'files/site-photo.png',
  title: 'site-photo.png',
  kind: 'file' as const,
  status: 'active' as const,
};

describe('authorizeEmbed', () => {
  it('allows a file the user referenced, with read permission alone', () => {
    const ref = userReference(photo, '@site-photo.png', { syntax: 'mention' });
    expect(authorizeEmbed('photo', photo.path, [ref])).toEqual({ ok: true, reference: ref });
  });

  it('allows a referenced file that is archived', () => {
    const ref = userReference({ ...photo, status: 'archived' }, '@site-photo.png', {
      status: 'archived',
    });
    expect(authorizeEmbed('photo', photo.path, [ref]).ok).toBe(true);
  });

  it('refuses a file the user did not reference, or only a tool did, or that did not load', () => {
    const refused = authorizeEmbed('photo', photo.path, []);
    expect(refused).toEqual({
      ok: false,
      reason: expect.stringMatching(
        /did not reference files\/site-photo\.png.*\(e\.g\. @site-photo\.png\)/,
      ),
    });
    for (const over of [
      { origin: 'tool' as const },
      { status: 'over_limit' as const },
      { status: 'deleted' as const },
    ]) {
      const ref = userReference(photo, '@site-photo.png', over);
      expect(authorizeEmbed('photo', photo.path, [ref]).ok).toBe(false);
    }
  });
});
