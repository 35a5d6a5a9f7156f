import { Component, type ComponentProps, type ReactNode, useMemo } from 'react';
import ReactMarkdown, { defaultUrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { capMarkdownNesting } from '../../../core/markdown-nesting.ts';

type Options = ComponentProps<typeof ReactMarkdown>;

/** Links only to http(s), mailto and same-page anchors; everything else (javascript:, data:) is dropped. */
export function safeUrl(url: string): string {
  const cleaned = defaultUrlTransform(url);
  return /^(https?:|mailto:|#|\/(?!\/))/i.test(cleaned) ? cleaned : '';
}

/**
 * Shows the Markdown source as preformatted text when rendering it throws (a parser or renderer
 * running out of stack on a hostile document), instead of taking the whole panel down.
 */
class PlainTextOnError extends Component<
  { text: string; children: ReactNode },
  { failed: boolean; text: string }
> {
  constructor(props: { text: string; children: ReactNode }) {
    super(props);
    this.state = { failed: false, text: props.text };
  }

  /** A new text gets a new try. */
  static getDerivedStateFromProps(props: { text: string }, state: { text: string }) {
    return props.text === state.text ? null : { failed: false, text: props.text };
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <pre className="markdown-plain">{this.props.text}</pre>;
  }
}

/**
 * Renders untrusted Markdown (answers, documents) safely: raw HTML is never rendered, URLs are
 * filtered, links open in a new tab without referrer or opener, lists and quotes nested past
 * the parsers' depth read as text (offsets unchanged), and a text the renderer still throws on is
 * shown as plain text. Callers add plugins for citation badges or highlights.
 */
export function Markdown({
  text,
  remarkPlugins = [],
  rehypePlugins = [],
  components = {},
  className,
}: {
  text: string;
  remarkPlugins?: Options['remarkPlugins'];
  rehypePlugins?: Options['rehypePlugins'];
  components?: Options['components'];
  className?: string;
}) {
  const capped = useMemo(() => capMarkdownNesting(text).text, [text]);
  return (
    <div className={className ? `markdown ${className}` : 'markdown'}>
      <PlainTextOnError text={text}>
        <ReactMarkdown
          skipHtml
          remarkPlugins={[remarkGfm, ...(remarkPlugins ?? [])]}
          rehypePlugins={rehypePlugins ?? []}
          urlTransform={safeUrl}
          components={{
            a: ({ href, children, node: _node, ...rest }) => (
              <a {...rest} href={href} target="_blank" rel="noopener noreferrer nofollow">
                {children}
              </a>
            ),
            img: ({ alt }) => (
              <span className="md-image-alt">{alt ? `[image: ${alt}]` : '[image]'}</span>
            ),
            // A task list's box is shown, never changed here; named, since no label holds it.
            input: ({ node: _node, type, checked, ...rest }) =>
              type === 'checkbox' ? (
                <input
                  {...rest}
                  type="checkbox"
                  checked={checked ?? false}
                  disabled
                  aria-label={checked ? 'done' : 'not done'}
                />
              ) : (
                <input {...rest} type={type} checked={checked} />
              ),
            ...components,
          }}
        >
          {capped}
        </ReactMarkdown>
      </PlainTextOnError>
    </div>
  );
}
