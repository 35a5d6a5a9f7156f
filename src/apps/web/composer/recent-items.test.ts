import { describe, expect, it } from 'vitest';
import type { SuggestItem } from '../api/types.ts';
import {
  addRecent,
  RECENT_LIMIT,
  readRecent,
  recentFor,
  recentKey,
  writeRecent,
} from './recent-items.ts';

const item = (insert: string, label = insert): SuggestItem => ({
  label,
  insert,
  documentId: `id-${insert}`,
  path: `notes/${label}.md`,
  kind: 'note',
  detail: `notes/${label}.md`,
  modifiedAt: '2026-03-01T00:00:00.000Z',
});

const memoryStorage = () => {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
};

describe('recent items', () => {
  it('moves a re-inserted item to the front without duplicating it', () => {
    const list = addRecent(addRecent(addRecent([], item('[[A]]')), item('[[B]]')), item('[[A]]'));
    expect(list.map((i) => i.insert)).toEqual(['[[A]]', '[[B]]']);
  });

  it(`keeps only the last ${RECENT_LIMIT}`, () => {
    let list: SuggestItem[] = [];
    for (let i = 0; i < 12; i++) list = addRecent(list, item(`[[N${i}]]`));
    expect(list).toHaveLength(RECENT_LIMIT);
    expect(list[0]?.insert).toBe('[[N11]]');
  });

  it('round-trips through storage per workspace', () => {
    const storage = memoryStorage();
    writeRecent(storage, 'w1', [item('@Alice')]);
    expect(storage.data.has(recentKey('w1'))).toBe(true);
    expect(readRecent(storage, 'w1').map((i) => i.insert)).toEqual(['@Alice']);
    expect(readRecent(storage, 'w2')).toEqual([]);
  });

  it('ignores corrupt or foreign data', () => {
    const storage = memoryStorage();
    storage.setItem(recentKey('w'), '{not json');
    expect(readRecent(storage, 'w')).toEqual([]);
    storage.setItem(recentKey('w'), JSON.stringify([{ label: 1 }, item('[[Ok]]'), null]));
    expect(readRecent(storage, 'w').map((i) => i.insert)).toEqual(['[[Ok]]']);
    expect(readRecent(null, 'w')).toEqual([]);
  });

  it('survives a storage that refuses writes', () => {
    const refusing = {
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(() => writeRecent(refusing, 'w', [item('[[A]]')])).not.toThrow();
  });

  it('offers only items written with the trigger being typed', () => {
    const list = [item('[[A]]'), item('@B'), item('![[C]]')];
    expect(recentFor(list, '[[').map((i) => i.insert)).toEqual(['[[A]]', '![[C]]']);
    expect(recentFor(list, '@').map((i) => i.insert)).toEqual(['@B']);
  });
});
