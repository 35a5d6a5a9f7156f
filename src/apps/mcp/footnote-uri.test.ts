import { describe, expect, it } from 'vitest';
import {
  documentUri,
  type FootnoteUri,
  formatFootnoteUri,
  parseFootnoteUri,
} from './footnote-uri.ts';

const roundTrips: ReadonlyArray<[string, FootnoteUri]> = [
  ['footnote://note/Home.md', { kind: 'note', path: 'Home.md', heading: null, block: null }],
  [
    'footnote://note/notes/projects/Pump%20Design.md#Flow%20Rate%20Calculation',
    {
      kind: 'note',
      path: 'notes/projects/Pump Design.md',
      heading: 'Flow Rate Calculation',
      block: null,
    },
  ],
  [
    'footnote://note/notes/a.md#^req-flow',
    { kind: 'note', path: 'notes/a.md', heading: null, block: 'req-flow' },
  ],
  [
    'footnote://note/notes/C%23%20tips.md',
    { kind: 'note', path: 'notes/C# tips.md', heading: null, block: null },
  ],
  ['footnote://pdf/pdfs/report.pdf', { kind: 'pdf', path: 'pdfs/report.pdf', page: null }],
  ['footnote://pdf/pdfs/report.pdf/page/12', { kind: 'pdf', path: 'pdfs/report.pdf', page: 12 }],
  ['footnote://content/why-solar', { kind: 'content', slug: 'why-solar', section: null }],
  [
    'footnote://content/why-solar/our-approach',
    { kind: 'content', slug: 'why-solar', section: 'our-approach' },
  ],
  ['footnote://entity/person/alice', { kind: 'entity', type: 'person', slug: 'alice' }],
  ['footnote://session/3f2a', { kind: 'session', id: '3f2a' }],
];

describe('footnote:// URIs', () => {
  it.each(roundTrips)('reads %s and writes it back the same', (text, uri) => {
    expect(parseFootnoteUri(text)).toEqual({ ok: true, uri });
    expect(formatFootnoteUri(uri)).toBe(text);
  });

  it.each([
    ['footnote://note/../secret.md', 'leaves the workspace'],
    ['footnote://note/notes/%2e%2e/%2E%2E/etc/passwd', 'leaves the workspace'],
    ['footnote://pdf/./x.pdf', 'leaves the workspace'],
    ['footnote://note/a//b.md', 'empty or malformed'],
    ['footnote://note/a%5Cb.md', 'empty or malformed'],
    ['footnote://note/a%00.md', 'empty or malformed'],
    ['footnote://note/%E0%A4%A', 'percent-encoding'],
    ['footnote://note/a.md#', 'fragment'],
    ['footnote://pdf/x.pdf/page/0', 'numbered from 1'],
    ['footnote://pdf/x.pdf#page=2', 'not a #fragment'],
    ['footnote://entity/alice', 'entity/{type}/{slug}'],
    ['footnote://content/a/b/c', 'content/{slug}'],
    ['footnote://session/a/b', 'session/{id}'],
    ['footnote://disk/etc/passwd', 'unknown resource kind'],
    ['footnote://note/', 'nothing named'],
    ['file:///etc/passwd', 'expected a URI starting footnote://'],
  ])('refuses %s (%s)', (text, reason) => {
    const parsed = parseFootnoteUri(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toContain(reason);
  });

  it('gives each kind of document its own URI form', () => {
    const at = (
      kind: 'note' | 'pdf' | 'content' | 'entity' | 'file',
      entityId: string | null = null,
    ) =>
      documentUri(
        { kind, path: 'x/My File.md', slug: 'my-file', entityId },
        { heading: 'Risks', page: 3, section: 'intro' },
      );
    expect(at('note')).toBe('footnote://note/x/My%20File.md#Risks');
    expect(at('file')).toBe('footnote://note/x/My%20File.md#Risks');
    expect(at('pdf')).toBe('footnote://pdf/x/My%20File.md/page/3');
    expect(at('content')).toBe('footnote://content/my-file/intro');
    expect(at('entity', 'person/alice')).toBe('footnote://entity/person/alice');
  });
});
