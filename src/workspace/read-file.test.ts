import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeText, extensionOf, readFileDocument } from './read-file.ts';

const encode = (text: string) => new TextEncoder().encode(text);

/** A valid grayscale PNG of the given size, every pixel black. */
function tinyPng(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit grayscale, no interlace
  const rows = Buffer.alloc((width + 1) * height); // filter byte 0 + black pixels per row
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(rows)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

describe('readFileDocument: text', () => {
  it('reads a text file in full as the body', () => {
    const csv = 'time,flow\n08:00,1.2\n12:00,2.4\n';
    const doc = readFileDocument('files/sensor-readings.csv', encode(csv));
    expect(doc.body).toBe(csv);
    expect(doc.metadata).toEqual({ mime: 'text/csv', size: csv.length, text: true });
    expect(doc.title).toBe('sensor-readings.csv');
    expect(doc.slug).toBe('sensor-readings');
    expect(doc.kind).toBe('file');
  });

  it('reads text beyond the first 8 KB', () => {
    const text = `${'a'.repeat(10_000)}\nthe end`;
    expect(readFileDocument('files/long.log', encode(text)).body).toBe(text);
  });

  it('keeps non-ASCII text and drops a byte order mark', () => {
    const doc = readFileDocument('files/notes.txt', encode('\uFEFFCafé — 東京'));
    expect(doc.body).toBe('Café — 東京');
  });

  it('treats valid UTF-8 with an unknown extension as plain text', () => {
    const doc = readFileDocument('files/Makefile', encode('all:\n\ttrue\n'));
    expect(doc.metadata).toMatchObject({ mime: 'text/plain', text: true });
  });
});

describe('readFileDocument: images', () => {
  it('records the dimensions of a PNG and does not read it as text', () => {
    const png = tinyPng(5, 3);
    const doc = readFileDocument('files/dot.png', png);
    expect(doc.metadata).toEqual({
      mime: 'image/png',
      size: png.length,
      text: false,
      width: 5,
      height: 3,
    });
    expect(doc.body).toBe(`dot.png — image, image/png, ${png.length} B, 5×3 px`);
  });

  it('reads the sample site photo as 32×24', () => {
    const bytes = new Uint8Array(
      readFileSync(new URL('../../examples/workspace/files/site-photo.png', import.meta.url)),
    );
    const doc = readFileDocument('files/site-photo.png', bytes);
    expect(doc.metadata).toMatchObject({ mime: 'image/png', width: 32, height: 24 });
  });

  it('says so when an image cannot be measured', () => {
    const doc = readFileDocument('files/broken.png', encode('not an image'));
    expect(doc.metadata).toEqual({ mime: 'image/png', size: 12, text: false });
    expect(doc.body).toBe('broken.png — image, image/png, 12 B, dimensions unreadable');
  });
});

describe('readFileDocument: binary', () => {
  it('keeps only metadata for bytes with NUL', () => {
    const doc = readFileDocument('files/blob.dat', new Uint8Array([0x41, 0x00, 0x42]));
    expect(doc.metadata).toEqual({ mime: 'application/octet-stream', size: 3, text: false });
    expect(doc.body).toBe('blob.dat — binary file, application/octet-stream, 3 B');
  });

  it('treats invalid UTF-8 as binary', () => {
    const doc = readFileDocument('files/latin1.txt', new Uint8Array([0x63, 0x61, 0x66, 0xe9]));
    expect(doc.metadata.text).toBe(false);
    expect(doc.body).not.toContain('caf');
  });

  it('describes sizes in KB and MB', () => {
    const kb = readFileDocument('files/a.zip', new Uint8Array(2048));
    expect(kb.body).toBe('a.zip — binary file, application/zip, 2.0 KB');
    const mb = new Uint8Array(3 * 1024 * 1024);
    expect(readFileDocument('files/b.bin', mb).body).toBe(
      'b.bin — binary file, application/octet-stream, 3.0 MB',
    );
  });
});

describe('decodeText', () => {
  it('decodes UTF-8 text', () => {
    expect(decodeText(encode('héllo'))).toBe('héllo');
    expect(decodeText(new Uint8Array())).toBe('');
  });

  it('returns null for NUL bytes or invalid UTF-8', () => {
    expect(decodeText(new Uint8Array([0x68, 0x00]))).toBeNull();
    expect(decodeText(new Uint8Array([0xff, 0xfe, 0x68]))).toBeNull();
    expect(decodeText(new Uint8Array([0xe2, 0x82]))).toBeNull(); // truncated sequence
  });
});

describe('extensionOf', () => {
  it('lower-cases the last extension and ignores dot files', () => {
    expect(extensionOf('files/Photo.JPG')).toBe('jpg');
    expect(extensionOf('a.b/c')).toBe('');
    expect(extensionOf('.gitignore')).toBe('');
    expect(extensionOf('archive.tar.gz')).toBe('gz');
  });
});
