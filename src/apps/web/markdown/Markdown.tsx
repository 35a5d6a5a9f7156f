import type { ComponentProps } from 'react';
import ReactMarkdown, { defaultUrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';

type Options = ComponentProps<typeof ReactMarkdown>;

/** Links only to http(s), mailto and same-page anchors; everything else (javascript:, data:) is dropped. */
export function safeUrl(url: string): string {
  const cleaned = defaultUrlTransform(url);
  return /^(https?:|mailto:|#|\/(?!\/))/i.test(cleaned) ? cleaned : '';
}

/**
 * Renders untrusted Markdown (answers, documents) safely: raw HTML is never rendered, URLs are
 * filtered, links open in a new tab without referrer or opener. Callers add plugins for citation
 * badges or highlights.
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
  return (
    <div className={className ? `markdown ${className}` : 'markdown'}>
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
          ...components,
        }}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}
