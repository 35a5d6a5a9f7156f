import { describe, expect, it } from 'vitest';
import {
  PINNED_LIMIT,
  pinButtonTitle,
  pinnedNoteState,
  readPinned,
  togglePinned,
  writePinned,
} from './pinned-notes.ts';

const note = (n: number) => ({
  documentId: `d${n}`,
  path: `notes/N${n}.md`,
  title: `N${n}`,
  kind: 'note',
});

/** An in-memory Storage, enough for these functions. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('pinned notes', () => {
  it('pins, unpins, and refuses a sixth', () => {
    let list = [1, 2, 3, 4, 5].reduce(
      (l, n) => togglePinned(l, note(n)),
      [] as ReturnType<typeof note>[],
    );
    expect(list.map((n) => n.documentId)).toEqual(['d1', 'd2', 'd3', 'd4', 'd5']);
    expect(togglePinned(list, note(6))).toEqual(list);
    list = togglePinned(list, note(2));
    expect(list.map((n) => n.documentId)).toEqual(['d1', 'd3', 'd4', 'd5']);
    expect(togglePinned(list, note(6)).map((n) => n.documentId)).toContain('d6');
  });

  it('keeps pins per workspace and session, and forgets an empty list', () => {
    const storage = memoryStorage();
    writePinned(storage, 'ws', 's1', [note(1)]);
    writePinned(storage, 'ws', 's2', [note(2)]);
    expect(readPinned(storage, 'ws', 's1')).toEqual([note(1)]);
    expect(readPinned(storage, 'other', 's1')).toEqual([]);
    writePinned(storage, 'ws', 's1', []);
    expect(storage.getItem('footnote.pinned.ws.s1')).toBeNull();
    expect(readPinned(storage, 'ws', 's2')).toEqual([note(2)]);
  });

  it('reads what it can of a damaged or oversized entry', () => {
    const storage = memoryStorage();
    storage.setItem('footnote.pinned.ws.bad', '{not json');
    expect(readPinned(storage, 'ws', 'bad')).toEqual([]);
    const many = Array.from({ length: 8 }, (_, i) => note(i));
    storage.setItem('footnote.pinned.ws.many', JSON.stringify([{ documentId: 3 }, ...many]));
    expect(readPinned(storage, 'ws', 'many')).toHaveLength(PINNED_LIMIT);
    expect(readPinned(null, 'ws', 'many')).toEqual([]);
  });

  it('says what the server does with a pin', () => {
    expect(pinnedNoteState('active', 1200)).toEqual({ text: null, sent: true });
    expect(pinnedNoteState('active', 9000)).toEqual({
      text: 'first 4,000 characters',
      sent: true,
    });
    expect(pinnedNoteState('archived', 10)).toEqual({ text: 'Archived — not sent', sent: false });
    expect(pinnedNoteState('deleted', null)).toEqual({ text: 'Deleted — not sent', sent: false });
    expect(pinnedNoteState(null, null)).toEqual({ text: null, sent: true });
    expect(pinButtonTitle(false, true)).toBe('5 notes are pinned already; unpin one first');
    expect(pinButtonTitle(true, true)).toMatch(/^Unpin/);
  });
});
