import { describe, expect, it } from 'vitest';
import { ChatBody, hasNoControlCharacters } from './http-schemas.ts';

describe('the characters a chat message may carry', () => {
  it('keeps tabs, line breaks and the page breaks of text copied from a PDF', () => {
    for (const text of ['a\tb', 'a\nb', 'a\r\nb', 'page one\fpage two', 'a\vb'])
      expect(ChatBody.safeParse({ message: text }).success, JSON.stringify(text)).toBe(true);
  });

  it('refuses NUL, escape sequences, DEL and the other controls', () => {
    for (const text of ['a\u0000b', 'a\u001b[2Jb', 'a\u007fb', 'a\u0007b', 'a\u001fb'])
      expect(hasNoControlCharacters(text), JSON.stringify(text)).toBe(false);
    expect(ChatBody.safeParse({ message: 'a\u0000b' }).success).toBe(false);
  });
});
