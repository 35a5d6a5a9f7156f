/** Glyphs for document kinds and parts, shared by the dropdown, chips, badges and lists. */
const GLYPHS: Record<string, { glyph: string; label: string }> = {
  note: { glyph: '✎', label: 'note' },
  notes: { glyph: '✎', label: 'notes' },
  pdf: { glyph: '▤', label: 'PDF' },
  pages: { glyph: '▤', label: 'pages' },
  page: { glyph: '▤', label: 'page' },
  file: { glyph: '▢', label: 'file' },
  files: { glyph: '▢', label: 'files' },
  image: { glyph: '▣', label: 'image' },
  content: { glyph: '¶', label: 'content' },
  section: { glyph: '§', label: 'section' },
  sections: { glyph: '§', label: 'sections' },
  heading: { glyph: '#', label: 'heading' },
  block: { glyph: '^', label: 'block' },
  source: { glyph: '❝', label: 'source' },
  sources: { glyph: '❝', label: 'sources' },
  entity: { glyph: '◉', label: 'entity' },
  entities: { glyph: '◉', label: 'entities' },
};

/** A small kind icon with an accessible label (hidden when `decorative`). */
export function KindIcon({ kind, decorative = false }: { kind: string; decorative?: boolean }) {
  const entry = GLYPHS[kind] ?? { glyph: '•', label: kind };
  return (
    <span
      className={`kind-icon kind-${kind}`}
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': entry.label })}
    >
      {entry.glyph}
    </span>
  );
}

/** Whether a path names an image the browser can show. */
export const isImagePath = (path: string) => /\.(png|jpe?g|gif|webp|avif|svg|bmp)$/i.test(path);
