import { describe, expect, it, vi } from 'vitest';
import { splitFrontmatter, stringList } from './split-frontmatter.ts';

describe('splitFrontmatter', () => {
  it('parses a YAML mapping and returns the body after the closing fence', () => {
    const split = splitFrontmatter(
      '---\ntitle: Pump Design\ntags: [pumps, solar]\nowner: Alice\n---\n# Pump Design\n\nText.\n',
    );
    expect(split.data).toEqual({ title: 'Pump Design', tags: ['pumps', 'solar'], owner: 'Alice' });
    expect(split.body).toBe('# Pump Design\n\nText.\n');
    expect(split.error).toBeNull();
  });

  it('accepts `...` as the closing fence and a file that ends right after it', () => {
    expect(splitFrontmatter('---\ntitle: A\n...\nBody')).toEqual({
      data: { title: 'A' },
      body: 'Body',
      error: null,
    });
    expect(splitFrontmatter('---\ntitle: A\n---')).toEqual({
      data: { title: 'A' },
      body: '',
      error: null,
    });
  });

  it('keeps dates as written strings (YAML 1.2 core schema)', () => {
    expect(splitFrontmatter('---\ndate: 2025-06-02\n---\n').data).toEqual({ date: '2025-06-02' });
  });

  it('returns the whole text as body when there is no frontmatter', () => {
    const source = '# Title\n\n---\nnot: frontmatter\n---\n';
    expect(splitFrontmatter(source)).toEqual({ data: {}, body: source, error: null });
  });

  it('does not treat an unclosed fence as frontmatter', () => {
    const source = '---\ntitle: Never closed\n\nStill body.';
    expect(splitFrontmatter(source)).toEqual({ data: {}, body: source, error: null });
  });

  it('requires the fence on the very first line', () => {
    const source = '\n---\ntitle: A\n---\nBody';
    expect(splitFrontmatter(source).body).toBe(source);
    expect(splitFrontmatter(source).data).toEqual({});
  });

  it('strips an empty frontmatter block', () => {
    expect(splitFrontmatter('---\n---\nBody')).toEqual({ data: {}, body: 'Body', error: null });
    expect(splitFrontmatter('---\r\n---\r\nBody')).toEqual({ data: {}, body: 'Body', error: null });
  });

  it('treats a block with only comments as empty, not as an error', () => {
    expect(splitFrontmatter('---\n# nothing yet\n---\nBody')).toEqual({
      data: {},
      body: 'Body',
      error: null,
    });
  });

  it('reports broken YAML without throwing and keeps the body', () => {
    const split = splitFrontmatter('---\ntitle: [unclosed\n---\nThe body survives.\n');
    expect(split.data).toEqual({});
    expect(split.body).toBe('The body survives.\n');
    expect(split.error).toMatch(/^frontmatter is not valid YAML: /);
    expect(split.error).not.toContain('\n');
  });

  it('reports a list or a scalar as not a mapping', () => {
    const list = splitFrontmatter('---\n- a\n- b\n---\nBody');
    expect(list).toEqual({
      data: {},
      body: 'Body',
      error: 'frontmatter is not a mapping of fields',
    });
    const scalar = splitFrontmatter('---\njust words\n---\nBody');
    expect(scalar.error).toBe('frontmatter is not a mapping of fields');
    expect(scalar.body).toBe('Body');
  });

  it('tolerates duplicate keys (last one wins) instead of failing the file', () => {
    const split = splitFrontmatter('---\ntitle: First\ntitle: Second\n---\n');
    expect(split.error).toBeNull();
    expect(split.data.title).toBe('Second');
  });

  it('drops a byte order mark before looking for the fence', () => {
    const split = splitFrontmatter('\uFEFF---\ntitle: BOM\n---\nBody');
    expect(split.data).toEqual({ title: 'BOM' });
    expect(split.body).toBe('Body');
    expect(splitFrontmatter('\uFEFFNo frontmatter').body).toBe('No frontmatter');
  });

  it('handles CRLF line endings and leaves the body untouched', () => {
    const split = splitFrontmatter(
      '---\r\ntitle: Windows\r\naliases:\r\n  - Win\r\n---\r\nLine 1\r\nLine 2\r\n',
    );
    expect(split.data).toEqual({ title: 'Windows', aliases: ['Win'] });
    expect(split.body).toBe('Line 1\r\nLine 2\r\n');
    expect(split.error).toBeNull();
  });

  it('allows trailing spaces after the fences', () => {
    expect(splitFrontmatter('---  \ntitle: A\n--- \t\nBody').body).toBe('Body');
  });

  it('reads a value with an unknown tag as text, without a warning on stderr', () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      const split = splitFrontmatter('---\ntitle: !Dr. Who\n---\nBody');
      expect(split).toEqual({ data: { title: 'Who' }, body: 'Body', error: null });
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});

describe('stringList', () => {
  it('reads a YAML list, trimming and dropping empty items', () => {
    expect(stringList([' a ', 'b', '', 3])).toEqual(['a', 'b', '3']);
  });

  it('splits a single string on commas', () => {
    expect(stringList('pumps, solar ,')).toEqual(['pumps', 'solar']);
    expect(stringList('one')).toEqual(['one']);
  });

  it('gives an empty list for a missing value', () => {
    expect(stringList(undefined)).toEqual([]);
    expect(stringList(null)).toEqual([]);
  });
});
