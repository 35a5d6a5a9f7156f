import { useId, useState } from 'react';
import { ApiError, type WorkspaceApi } from '../api/client.ts';
import {
  type ContextReport,
  formatTokens,
  historyDropLabel,
  originLabel,
  outcomeCounts,
  outcomeLabel,
  readContextReport,
  signalsLabel,
} from './context-report.ts';

type Loaded =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'report'; report: ContextReport }
  | { kind: 'raw'; json: string }
  | { kind: 'missing' }
  | { kind: 'error'; message: string };

/**
 * "What the model saw": fetches the answer's context report once, on first open, and shows each
 * block with its origin, tokens and whether it went in whole, cut or not at all.
 */
export function ContextPanel({
  api,
  sessionId,
  messageId,
}: {
  api: WorkspaceApi;
  sessionId: string;
  messageId: string;
}) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'idle' });
  const panelId = useId();

  const load = async () => {
    setLoaded({ kind: 'loading' });
    try {
      const context = await api.messageContext(sessionId, messageId);
      const report = readContextReport(context);
      if (report) setLoaded({ kind: 'report', report });
      else if (context === null || context === undefined) setLoaded({ kind: 'missing' });
      else setLoaded({ kind: 'raw', json: JSON.stringify(context, null, 2) });
    } catch (cause) {
      if (cause instanceof ApiError && cause.status === 404) setLoaded({ kind: 'missing' });
      else setLoaded({ kind: 'error', message: (cause as Error).message });
    }
  };

  const toggle = () => {
    const next = !open;
    setOpen(next);
    if (next && (loaded.kind === 'idle' || loaded.kind === 'error')) void load();
  };

  return (
    <>
      <button
        type="button"
        className="quiet-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        What the model saw
      </button>
      <div id={panelId} className="context-panel" hidden={!open}>
        {open && <ContextBody loaded={loaded} />}
      </div>
    </>
  );
}

function ContextBody({ loaded }: { loaded: Loaded }) {
  switch (loaded.kind) {
    case 'idle':
    case 'loading':
      return <p className="context-note">Loading the context report…</p>;
    case 'missing':
      return <p className="context-note">No context recorded for this answer.</p>;
    case 'error':
      return (
        <p className="context-note error" role="alert">
          Could not load the context report: {loaded.message}
        </p>
      );
    case 'raw':
      return <pre className="context-raw">{loaded.json}</pre>;
    case 'report':
      return <ReportTable report={loaded.report} />;
  }
}

function ReportTable({ report }: { report: ContextReport }) {
  const counts = outcomeCounts(report.items);
  const { budget, history } = report;
  const hasReasons = report.items.some((item) => item.reason);
  return (
    <div className="context-report">
      <p className="context-summary">
        {report.items.length} {report.items.length === 1 ? 'block' : 'blocks'}: {counts.whole} whole
        {counts.cut > 0 && `, ${counts.cut} cut`}
        {counts.dropped > 0 && `, ${counts.dropped} left out`}. Context used{' '}
        {formatTokens(budget.usedTokens)} of {formatTokens(budget.contextTokens)} tokens.
      </p>
      {report.items.length > 0 && (
        // Scrolls sideways on a phone: focusable, so the keyboard can scroll it too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus
        <section className="context-table-wrap" tabIndex={0} aria-label="Blocks sent">
          <table className="context-table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Block</th>
                <th scope="col">Origin</th>
                <th scope="col" className="num">
                  Tokens
                </th>
                <th scope="col">State</th>
                {hasReasons && <th scope="col">Why</th>}
              </tr>
            </thead>
            <tbody>
              {report.items.map((item, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: report rows are fixed, in order
                <tr key={i} className={`context-row row-${item.outcome}`}>
                  <td className="num">{item.n ?? ''}</td>
                  <td>
                    <span className="context-label">{item.label}</span>
                    {item.path && !item.label.includes(item.path) && (
                      <span className="context-path">{item.path}</span>
                    )}
                  </td>
                  <td>
                    {originLabel(item.origin)}
                    {signalsLabel(item) && (
                      <span
                        className="context-signals"
                        title="What found it: the words of the message, their meaning, or both"
                      >
                        {signalsLabel(item)}
                      </span>
                    )}
                  </td>
                  <td className="num">{formatTokens(item.tokens)}</td>
                  <td>
                    <span className={`outcome outcome-${item.outcome}`}>{outcomeLabel(item)}</span>
                  </td>
                  {hasReasons && <td className="context-reason">{item.reason ?? ''}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <dl className="context-totals">
        <div>
          <dt>Total prompt</dt>
          <dd>
            {formatTokens(report.totalTokens)} of {formatTokens(budget.contextWindow)} tokens
          </dd>
        </div>
        <div>
          <dt>Instructions and message</dt>
          <dd>{formatTokens(budget.fixedTokens)}</dd>
        </div>
        <div>
          <dt>History</dt>
          <dd>
            {history.kept} of {history.messages} messages, {formatTokens(history.tokens)} tokens
            {historyDropLabel(history) && ` (${historyDropLabel(history)})`}
          </dd>
        </div>
        <div>
          <dt>Kept for the answer</dt>
          <dd>{formatTokens(budget.answerReserve)}</dd>
        </div>
      </dl>
    </div>
  );
}
