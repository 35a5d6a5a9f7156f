import type { ReferenceJson } from '../api/types.ts';
import type { ViewMessage } from '../chat/view-message.ts';
import { KindIcon } from '../ui/KindIcon.tsx';
import type { ViewerTarget } from '../viewer/viewer-target.ts';
import { referenceSegments } from './reference-segments.ts';
import { referenceLabel, timeLabel } from './source-labels.ts';
import { changedSince, targetOfReference } from './viewer-targets.ts';

/** A message the user sent: its text, with each reference shown as a small inline chip. */
export function UserMessage({
  message,
  onOpenSource,
  onEdit,
  editing = false,
}: {
  message: ViewMessage;
  onOpenSource: (target: ViewerTarget) => void;
  /** Offered on the last question: puts it in the message box to change and send again. */
  onEdit?: (() => void) | undefined;
  /** It is in the message box being edited. */
  editing?: boolean;
}) {
  const segments = referenceSegments(message.content, message.references);
  return (
    <article
      className={`message message-user${editing ? ' editing' : ''}`}
      data-role="user"
      data-status={message.status}
    >
      <h2 className="visually-hidden">You said</h2>
      <div className="user-text">
        {segments.map((segment, i) =>
          segment.reference ? (
            <ReferenceChip
              // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional
              key={i}
              text={segment.text}
              reference={segment.reference}
              onOpenSource={onOpenSource}
            />
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional
            <span key={i}>{segment.text}</span>
          ),
        )}
      </div>
      <div className="user-meta">
        {editing && <span className="user-editing">Editing below</span>}
        <MessageTime iso={message.createdAt} />
        {onEdit && (
          <button
            type="button"
            className="quiet-button user-edit"
            title="Change this question and ask it again; the answer below is replaced"
            onClick={onEdit}
          >
            Edit
          </button>
        )}
      </div>
    </article>
  );
}

function ReferenceChip({
  text,
  reference,
  onOpenSource,
}: {
  text: string;
  reference: ReferenceJson;
  onOpenSource: (target: ViewerTarget) => void;
}) {
  const label = referenceLabel(reference);
  const target = targetOfReference(reference);
  const problem = reference.status !== 'resolved';
  // Deleted or archived after the message was sent: the chip says so, not only its tooltip.
  const since = changedSince(reference);
  const hint = problem
    ? `${label.title}: ${label.status}`
    : `Open ${label.title}${reference.summary ? ` — ${reference.summary}` : ''}`;
  const className = `inline-ref${problem ? ' inline-ref-problem' : ''}`;
  if (target)
    return (
      <button
        type="button"
        className={className}
        data-status={reference.status}
        data-changed-since={since ?? undefined}
        title={since ? `${hint}. Open it as last indexed.` : hint}
        onClick={() => onOpenSource(target)}
      >
        {reference.target && <KindIcon kind={reference.target.kind} decorative />}
        {text}
        {since && <span className="inline-ref-state"> · {since} since</span>}
      </button>
    );
  return (
    <span className={className} data-status={reference.status} title={hint}>
      <span aria-hidden="true">⚠ </span>
      {text}
      <span className="visually-hidden"> ({label.status})</span>
    </span>
  );
}

/** A subtle time stamp under a message. */
export function MessageTime({ iso }: { iso: string }) {
  const label = timeLabel(iso);
  if (!label) return null;
  return (
    <time className="message-time" dateTime={iso} title={new Date(iso).toLocaleString()}>
      {label}
    </time>
  );
}
