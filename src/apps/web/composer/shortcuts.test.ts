import { describe, expect, it } from 'vitest';
import { type KeyPress, shortcutFor } from './shortcuts.ts';

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  typing: false,
  ...extra,
});

describe('shortcutFor', () => {
  it.each([
    [press('Escape', { shiftKey: true }), 'focus-message'],
    [press('Escape', { shiftKey: true, typing: true }), 'focus-message'],
    [press('/'), 'focus-message'],
    [press('/', { typing: true }), null],
    [press('O', { ctrlKey: true, shiftKey: true }), 'new-chat'],
    [press('o', { metaKey: true, shiftKey: true, typing: true }), 'new-chat'],
    [press('k', { ctrlKey: true, typing: true }), 'search-documents'],
    [press('K', { ctrlKey: true, shiftKey: true }), null],
    [press('/', { ctrlKey: true, typing: true }), 'show-help'],
    [press('?'), 'show-help'],
    [press('?', { shiftKey: true, typing: true }), null],
    [press('Escape'), null],
    [press('k'), null],
    [press('k', { ctrlKey: true, altKey: true }), null],
  ] as const)('%j → %s', (event, expected) => {
    expect(shortcutFor(event)).toBe(expected);
  });
});
