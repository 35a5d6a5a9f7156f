import { describe, expect, it } from 'vitest';
import { attachmentName } from './client.ts';

describe('attachmentName', () => {
  it('prefers the exact UTF-8 name', () => {
    expect(
      attachmentName(
        `attachment; filename="Pumpe f_r Ndiaye.md"; filename*=UTF-8''Pumpe%20f%C3%BCr%20Ndiaye.md`,
      ),
    ).toBe('Pumpe für Ndiaye.md');
  });

  it('reads a plain name, quoted or not', () => {
    expect(attachmentName('attachment; filename="Pump goals.md"')).toBe('Pump goals.md');
    expect(attachmentName('attachment; filename=goals.json')).toBe('goals.json');
  });

  it('falls back to the plain name when the encoded one is broken, and gives null without any', () => {
    expect(attachmentName(`attachment; filename="a.md"; filename*=UTF-8''%E0%A4%A.md`)).toBe(
      'a.md',
    );
    expect(attachmentName('attachment')).toBeNull();
    expect(attachmentName(null)).toBeNull();
  });
});
