import { useEffect, useRef, useState } from 'react';
import type { ReferenceJson } from '../api/types.ts';
import { type Preview, type PreviewCache, previewKey } from './preview-cache.ts';
import type { ReferenceTarget } from './reference-part.ts';

type Loaded =
  | { state: 'loading' }
  | { state: 'ready'; preview: Preview }
  | { state: 'failed'; message: string };

/** The card shown while a resolved chip is hovered or focused: what exactly will be sent. */
export function ChipPreview({
  id,
  reference,
  target,
  previews,
}: {
  id: string;
  reference: ReferenceJson;
  target: ReferenceTarget;
  previews: PreviewCache;
}) {
  const key = previewKey(target);
  const [result, setResult] = useState<{ key: string; loaded: Loaded } | null>(null);
  const current = useRef(target);
  current.current = target;

  useEffect(() => {
    let live = true;
    previews.preview(current.current).then(
      (preview) => live && setResult({ key, loaded: { state: 'ready', preview } }),
      (cause: unknown) =>
        live &&
        setResult({
          key,
          loaded: { state: 'failed', message: (cause as Error).message || 'unavailable' },
        }),
    );
    return () => {
      live = false;
    };
  }, [previews, key]);

  const loaded: Loaded = result?.key === key ? result.loaded : { state: 'loading' };

  const part = loaded.state === 'ready' ? loaded.preview.part : null;
  return (
    <div id={id} role="tooltip" className="chip-preview">
      <p className="chip-preview-title">{target.title}</p>
      <p className="chip-preview-path">
        {target.path}
        {part && <span className="chip-preview-part"> · {part}</span>}
      </p>
      {loaded.state === 'ready' && loaded.preview.facts && (
        <p className="chip-preview-facts">{loaded.preview.facts}</p>
      )}
      {reference.notes.length > 0 && (
        <ul className="chip-preview-notes">
          {reference.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      {loaded.state === 'loading' && <p className="chip-preview-muted">Loading preview…</p>}
      {loaded.state === 'failed' && (
        <p className="chip-preview-muted">Preview unavailable: {loaded.message}</p>
      )}
      {loaded.state === 'ready' && loaded.preview.imageUrl && (
        <img className="chip-preview-image" src={loaded.preview.imageUrl} alt={target.title} />
      )}
      {loaded.state === 'ready' && loaded.preview.text !== null && (
        <p
          className={
            loaded.preview.text.length > 280 ? 'chip-preview-text clipped' : 'chip-preview-text'
          }
        >
          {loaded.preview.text || <span className="chip-preview-muted">(no text)</span>}
        </p>
      )}
    </div>
  );
}
