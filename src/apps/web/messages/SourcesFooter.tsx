import { useId, useState } from 'react';
import type { CitationJson, ClaimJson, ClaimSummaryJson, ReferenceJson } from '../api/types.ts';
import { KindIcon } from '../ui/KindIcon.tsx';
import type { ViewerTarget } from '../viewer/viewer-target.ts';
import { supportOfSource, verdictText, weakestVerdict } from './marker-support.ts';
import {
  citedSources,
  claimSummaryLabel,
  groundingLabel,
  groundingTone,
  locationLabel,
  referenceLabel,
  shortExcerpt,
  sourcesToggleLabel,
  uncitedSources,
} from './source-labels.ts';
import { passageOf, targetOfCitation, targetOfReference } from './viewer-targets.ts';

/** Characters of each excerpt in the expanded sources list. */
const LIST_EXCERPT_CHARS = 420;

/**
 * What an answer stands on: whether it is grounded and how many of its claims the sources
 * support, and behind a "Sources: A, B" toggle every
 * cited source with its excerpt, the sources seen but not cited, the user's references and what
 * tools read, each with its document's one-line summary.
 */
export function SourcesFooter({
  citations,
  grounded,
  claimSummary = null,
  claims = [],
  partial = false,
  userReferences,
  toolReferences,
  onOpenSource,
}: {
  citations: readonly CitationJson[];
  grounded: boolean;
  /** The answer was cut off (stopped, or the server stopped): it says so instead of "Grounded". */
  partial?: boolean;
  /** Claim counts by verdict; null: the answer's claims were not checked. */
  claimSummary?: ClaimSummaryJson;
  /** The answer's checked claims, to say how each source fared. */
  claims?: readonly ClaimJson[];
  userReferences: readonly ReferenceJson[];
  toolReferences: readonly ReferenceJson[];
  onOpenSource: (target: ViewerTarget) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  const cited = citedSources(citations);
  const uncited = uncitedSources(citations);
  const hasDetails = citations.length > 0 || userReferences.length > 0 || toolReferences.length > 0;
  const { tone, icon } = groundingTone(grounded, claimSummary, partial);

  return (
    <footer className="answer-sources">
      <div className="sources-bar">
        <span className={`grounding ${tone}`} data-tone={tone}>
          <span className="grounding-icon" aria-hidden="true">
            {icon}
          </span>
          {groundingLabel(grounded, citations, claimSummary, partial)}
        </span>
        {hasDetails && (
          <button
            type="button"
            className="sources-toggle"
            aria-expanded={expanded}
            aria-controls={panelId}
            onClick={() => setExpanded((open) => !open)}
          >
            {sourcesToggleLabel(citations)}
            <span className="chevron" aria-hidden="true">
              {expanded ? '▴' : '▾'}
            </span>
          </button>
        )}
      </div>
      {hasDetails && (
        <div id={panelId} className="sources-panel" hidden={!expanded}>
          {expanded && (
            <>
              {cited.length > 0 && (
                <ol className="source-list" aria-label="Cited sources">
                  {cited.map((c) => (
                    <SourceItem
                      key={c.n}
                      citation={c}
                      claims={claims}
                      onOpenSource={onOpenSource}
                    />
                  ))}
                </ol>
              )}
              {uncited.length > 0 && (
                <section className="sources-group muted">
                  <h3>Also seen</h3>
                  <ol className="source-list" aria-label="Also seen">
                    {uncited.map((c) => (
                      <SourceItem key={c.n} citation={c} onOpenSource={onOpenSource} brief />
                    ))}
                  </ol>
                </section>
              )}
              <ReferenceGroup
                title="Your references"
                references={userReferences}
                onOpenSource={onOpenSource}
              />
              <ReferenceGroup
                title="Read by tools"
                references={toolReferences}
                onOpenSource={onOpenSource}
              />
            </>
          )}
        </div>
      )}
    </footer>
  );
}

/** How a cited source fared: counts over the claims citing it, else its own verdict. */
function sourceVerdict(
  citation: CitationJson,
  claims: readonly ClaimJson[],
): { text: string; verdict: string } | null {
  const counts = supportOfSource(claims, citation.n);
  if (counts) return { text: claimSummaryLabel(counts) ?? '', verdict: weakestVerdict(counts) };
  const text = verdictText({ verdict: citation.support, missing: [] });
  return text && citation.support ? { text, verdict: citation.support } : null;
}

function SourceItem({
  citation,
  claims = [],
  onOpenSource,
  brief = false,
}: {
  citation: CitationJson;
  claims?: readonly ClaimJson[];
  onOpenSource: (target: ViewerTarget) => void;
  brief?: boolean;
}) {
  const titleId = useId();
  const passage = passageOf(citation);
  const verdict = brief ? null : sourceVerdict(citation, claims);
  return (
    <li className="source-item">
      <span className="source-n" aria-hidden="true">
        {citation.n}
      </span>
      <div className="source-body">
        <div className="source-head">
          <KindIcon kind={citation.kind} />
          <span id={titleId} className="source-title">
            <span className="visually-hidden">Source {citation.n}: </span>
            {citation.title || citation.path}
          </span>
          <span className="source-location">{locationLabel(citation)}</span>
          {verdict && (
            <span className={`source-verdict verdict-${verdict.verdict}`}>{verdict.text}</span>
          )}
        </div>
        {!brief &&
          (passage ? (
            <blockquote className="source-excerpt source-supporting">
              {shortExcerpt(passage.text, LIST_EXCERPT_CHARS)}
            </blockquote>
          ) : (
            citation.excerpt && (
              <p className="source-excerpt">{shortExcerpt(citation.excerpt, LIST_EXCERPT_CHARS)}</p>
            )
          ))}
      </div>
      <button
        type="button"
        className="source-show"
        aria-describedby={titleId}
        onClick={() => onOpenSource(targetOfCitation(citation, null, passage))}
      >
        Show
      </button>
    </li>
  );
}

function ReferenceGroup({
  title,
  references,
  onOpenSource,
}: {
  title: string;
  references: readonly ReferenceJson[];
  onOpenSource: (target: ViewerTarget) => void;
}) {
  if (references.length === 0) return null;
  const summarized = references.some((reference) => reference.summary);
  return (
    <section className="sources-group">
      <h3>{title}</h3>
      <ul className={`reference-list${summarized ? ' with-summaries' : ''}`} aria-label={title}>
        {references.map((reference) => {
          const label = referenceLabel(reference);
          const target = targetOfReference(reference);
          return (
            <li
              key={`${reference.raw}:${reference.start}:${reference.target?.documentId ?? ''}`}
              className="reference-item"
              data-status={reference.status}
            >
              <span className="reference-head">
                {reference.target && <KindIcon kind={reference.target.kind} decorative />}
                {target ? (
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => onOpenSource(target)}
                  >
                    {label.title}
                  </button>
                ) : (
                  <span>{label.title}</span>
                )}
                <span className={`reference-status status-${reference.status}`}>
                  {label.status}
                </span>
              </span>
              {reference.summary && <p className="reference-summary">{reference.summary}</p>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
