import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { EntityData, EntityField } from '../../../core/document.ts';
import { Markdown } from '../markdown/Markdown.tsx';
import { remarkBlockIds } from '../markdown/remark-block-ids.ts';
import { remarkWikilinks, WIKILINK_ELEMENT } from '../markdown/remark-wikilinks.ts';
import { entityDescriptionStart, splitAtSpan } from './cited-span.ts';
import { rehypeHighlightSpan } from './rehype-highlight-span.ts';
import { imageBlobType } from './view-kind.ts';
import type { ViewerCache } from './viewer-cache.ts';

/** The cited span of a target, in document offsets. */
export interface Span {
  readonly start?: number | null | undefined;
  readonly end?: number | null | undefined;
}

/** Brings the first cited mark into the middle of the panel after each highlight change. */
function useScrollToMark(ref: React.RefObject<HTMLElement | null>, text: string, span: Span) {
  const { start, end } = span;
  // biome-ignore lint/correctness/useExhaustiveDependencies: text and span say when the marks moved
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      ref.current?.querySelector('mark.cited')?.scrollIntoView?.({ block: 'center' });
    });
    return () => cancelAnimationFrame(frame);
  }, [ref, text, start, end]);
}

type HeadingProps = React.ComponentProps<'h3'> & { node?: unknown };

/**
 * The document's own headings sit under the viewer's `<h2>` title: h1 becomes h3 and so on, so
 * the outline stays correct and the title stays the only h2 (styled by their original level).
 */
const nested = (Tag: 'h3' | 'h4' | 'h5' | 'h6', level: number) =>
  function NestedHeading({ node: _node, className, ...props }: HeadingProps) {
    return <Tag {...props} className={`md-h${level}${className ? ` ${className}` : ''}`} />;
  };

const HEADINGS = {
  h1: nested('h3', 1),
  h2: nested('h4', 2),
  h3: nested('h5', 3),
  h4: nested('h6', 4),
  h5: nested('h6', 5),
  h6: nested('h6', 6),
};

/** Follows a wikilink of the shown document (the viewer opens its target); null: plain text. */
export const WikilinkContext = createContext<((target: string) => void) | null>(null);

/** A `wiki-link` element of the remark plugin: a link-styled button that opens its target. */
function Wikilink({
  node,
  children,
}: {
  node?: { properties?: Record<string, unknown> };
  children?: ReactNode;
}) {
  const follow = useContext(WikilinkContext);
  const target = String(node?.properties?.dataTarget ?? '');
  if (!follow || !target) return <span className="wikilink">{children}</span>;
  return (
    <button
      type="button"
      className="wikilink"
      title={`Open [[${target}]]`}
      onClick={() => follow(target)}
    >
      {children}
    </button>
  );
}

const DOCUMENT_COMPONENTS = { ...HEADINGS, [WIKILINK_ELEMENT]: Wikilink } as typeof HEADINGS;
const REMARK_PLUGINS = [remarkWikilinks, remarkBlockIds];

/**
 * Markdown text rendered like the chat renders it, with the cited span marked; `offset` is where
 * `text` starts in the document when it is only part of it.
 */
export function MarkdownDocument({
  text,
  span,
  offset = 0,
}: {
  text: string;
  span: Span;
  offset?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const { start, end } = span;
  const plugins = useMemo(
    () => [[rehypeHighlightSpan, { start, end, offset, source: text }] as const],
    [start, end, offset, text],
  );
  useScrollToMark(ref, text, span);
  return (
    <div ref={ref}>
      <Markdown
        text={text}
        className="viewer-markdown"
        remarkPlugins={REMARK_PLUGINS}
        rehypePlugins={plugins as never}
        components={DOCUMENT_COMPONENTS}
      />
    </div>
  );
}

/** Text files (.txt, .csv, transcripts) as they are, with the cited span marked. */
export function PlainDocument({ text, span }: { text: string; span: Span }) {
  const ref = useRef<HTMLPreElement>(null);
  const parts = splitAtSpan(text, span.start, span.end);
  useScrollToMark(ref, text, span);
  return (
    <pre ref={ref} className="viewer-plain">
      {parts.before}
      {parts.cited && <mark className="cited">{parts.cited}</mark>}
      {parts.after}
    </pre>
  );
}

const display = (value: unknown): string => {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.map(display).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** A document's frontmatter as a small definition list, folded away until asked for. */
export function Properties({
  metadata,
  open = false,
  label = 'Properties',
}: {
  metadata: Record<string, unknown>;
  open?: boolean;
  label?: string;
}) {
  const entries = Object.entries(metadata).filter(
    ([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0),
  );
  if (!entries.length) return null;
  return (
    <details className="viewer-properties" open={open}>
      <summary>
        {label} <span className="muted">({entries.length})</span>
      </summary>
      <dl>
        {entries.map(([key, value]) => (
          <div key={key} className="viewer-pair">
            <dt>{key}</dt>
            <dd>{display(value)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

const fieldValue = (field: EntityField): ReactNode => {
  const { value } = field;
  if (value === null) return <span className="muted">—</span>;
  if (field.type === 'email' && typeof value === 'string')
    return <a href={`mailto:${value}`}>{value}</a>;
  if (Array.isArray(value))
    return field.type === 'entity_ref_list' || field.type === 'text_list' ? (
      <ul className="viewer-field-list">
        {value.map((v) => (
          <li key={String(v)}>{field.type === 'entity_ref_list' ? `@${v}` : String(v)}</li>
        ))}
      </ul>
    ) : (
      value.join(', ')
    );
  if (field.type === 'entity_ref') return `@${value}`;
  if (field.type === 'note_ref') return `[[${value}]]`;
  return String(value);
};

/** An entity: its typed fields as a definition list (the cited one marked), then its description. */
export function EntityDocument({
  entity,
  text,
  span,
  citedField = null,
}: {
  entity: EntityData | null;
  text: string;
  span: Span;
  /** The field whose value supports the claim. */
  citedField?: string | null;
}) {
  const fields = entity?.fields.filter((f) => f.type !== 'computed') ?? [];
  // The indexed text repeats the fields before the description; show only the description
  // unless the citation points into the repeated part.
  const descriptionAt = entity ? entityDescriptionStart(text, entity) : 0;
  const citedBefore = span.start != null && span.end != null && span.start < descriptionAt;
  const from = citedBefore ? 0 : descriptionAt;
  return (
    <>
      {entity && (
        <section className="viewer-entity" aria-label={`${entity.type} fields`}>
          <p className="viewer-entity-type">{entity.type}</p>
          <dl className="viewer-fields">
            {fields.map((f) => (
              <div key={f.name} className="viewer-pair">
                <dt>{f.name}</dt>
                <dd>
                  {f.name === citedField ? (
                    <mark className="cited">{fieldValue(f)}</mark>
                  ) : (
                    fieldValue(f)
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {from < text.length && text.slice(from).trim() && (
        <MarkdownDocument text={text.slice(from)} span={span} offset={from} />
      )}
    </>
  );
}

/** An image file, fitted to the panel's width, from the fetched file (the API needs the token). */
export function ImageDocument({
  cache,
  documentId,
  path,
  title,
  metadata,
}: {
  cache: ViewerCache;
  documentId: string;
  path: string;
  title: string;
  metadata: Record<string, unknown>;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let created: string | null = null;
    setUrl(null);
    setProblem(null);
    cache.blob(documentId).then(
      (blob) => {
        if (!live) return;
        created = URL.createObjectURL(new Blob([blob], { type: imageBlobType(path) }));
        setUrl(created);
      },
      (cause: Error) => live && setProblem(cause.message),
    );
    return () => {
      live = false;
      if (created) URL.revokeObjectURL(created);
    };
  }, [cache, documentId, path]);

  const width = typeof metadata.width === 'number' ? metadata.width : undefined;
  const height = typeof metadata.height === 'number' ? metadata.height : undefined;
  if (problem)
    return (
      <p className="viewer-problem" role="alert">
        The image could not be loaded: {problem}
      </p>
    );
  return (
    <figure className="viewer-image">
      {url ? (
        <img
          src={url}
          alt={title}
          width={width}
          height={height}
          // fit to the panel, but a tiny picture is not blown up past four times its size
          style={width ? { maxWidth: `min(100%, ${width * 4}px)` } : undefined}
        />
      ) : (
        <p className="viewer-status">Loading image…</p>
      )}
      {width && height && (
        <figcaption className="muted">
          {width} × {height} px
        </figcaption>
      )}
    </figure>
  );
}

/** A file the browser cannot show: what we know about it. */
export function BinaryDocument({
  summary,
  metadata,
}: {
  summary: string;
  metadata: Record<string, unknown>;
}) {
  return (
    <div className="viewer-binary">
      <p>{summary || 'No preview for this file.'}</p>
      <Properties metadata={metadata} open label="File details" />
      <p className="muted">There is no preview for this kind of file; use “Open file”.</p>
    </div>
  );
}
