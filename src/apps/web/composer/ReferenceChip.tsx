import {
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  useId,
  useRef,
  useState,
} from 'react';
import type { ChatMode, Permission, ReferenceJson } from '../api/types.ts';
import { PinButton } from '../context/PinButton.tsx';
import type { PinControl } from '../context/pinned-notes.ts';
import { isImagePath, KindIcon } from '../ui/KindIcon.tsx';
import { ChipPreview } from './ChipPreview.tsx';
import {
  chipExplanation,
  chipState,
  missingPart,
  missingPartExplanation,
  missingPartState,
} from './chip-status.ts';
import type { PreviewCache } from './preview-cache.ts';
import { partLabel } from './reference-part.ts';

const PERMISSIONS: readonly Permission[] = ['read', 'write', 'insert'];

/** What a chip can do to the draft and the view. */
export interface ChipActions {
  /** Removes every place the reference is written. */
  onRemove(reference: ReferenceJson): void;
  /** Rewrites the reference's text (a "did you mean" or a chosen candidate). */
  onReplace(reference: ReferenceJson, text: string): void;
  /** Rewrites an ambiguous reference to name one candidate. */
  onChoose(reference: ReferenceJson, path: string): void;
  onPermission(reference: ReferenceJson, permission: Permission): void;
  onOpen(reference: ReferenceJson): void;
}

/** The state after the chip's name, behind a separator screen readers skip. */
function StateText({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <>
      <span className="chip-sep" aria-hidden="true">
        ·
      </span>
      <span className="chip-state">{text}</span>
    </>
  );
}

/**
 * One reference of the draft as a pill: what it resolved to, or what is wrong with it. A `[n]`
 * source of the previous answer shows its number before the source it names and is only ever read.
 */
export function ReferenceChip({
  reference,
  mode,
  permission,
  previews,
  actions,
  pins,
}: {
  reference: ReferenceJson;
  mode: ChatMode;
  permission: Permission;
  previews: PreviewCache;
  actions: ChipActions;
  /** Offers to pin the chip's document to the conversation (resolved documents only). */
  pins?: PinControl | undefined;
}) {
  const id = useId();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [picking, setPicking] = useState(false);
  const mainRef = useRef<HTMLButtonElement>(null);
  const { status, target, raw } = reference;
  const missing = missingPart(reference);
  const state = missing && target ? missingPartState(target.kind) : chipState(reference);
  const explanation =
    missing && target
      ? missingPartExplanation(missing, target.title, target.kind)
      : chipExplanation(reference);
  const previewable = target !== null && status !== 'ambiguous' && status !== 'deleted';
  const showPreview = previewable && (hovered || focused) && !dismissed && !picking;
  const tooltipId = `${id}-preview`;

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    if (picking) {
      setPicking(false);
      mainRef.current?.focus();
      e.stopPropagation();
    } else if (showPreview) {
      setDismissed(true);
      e.stopPropagation();
    }
  };
  /** ↓ and ↑ move between the candidates (wrapping), as in any list of choices. */
  const moveInPicker = (e: KeyboardEvent<HTMLFieldSetElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const choices = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('.chip-candidate')];
    if (choices.length === 0) return;
    e.preventDefault();
    const at = choices.indexOf(document.activeElement as HTMLButtonElement);
    const step = e.key === 'ArrowDown' ? 1 : -1;
    choices[(at + step + choices.length) % choices.length]?.focus();
  };
  const onBlur = (e: FocusEvent<HTMLLIElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setPicking(false);
  };

  let main: ReactNode;
  if (status === 'ambiguous') {
    main = (
      <button
        ref={mainRef}
        type="button"
        className="chip-main"
        aria-expanded={picking}
        aria-controls={picking ? `${id}-picker` : undefined}
        onClick={() => setPicking((p) => !p)}
      >
        <span className="chip-glyph" aria-hidden="true">
          ?
        </span>
        <span className="chip-raw">{raw}</span>
        <StateText text={state} />
      </button>
    );
  } else if (target && status !== 'unresolved') {
    const part = missing ?? partLabel(target);
    const content = (
      <>
        {reference.syntax === 'citation' && (
          <span className="chip-source" title="A source of the previous answer">
            {raw}
          </span>
        )}
        <KindIcon kind={isImagePath(target.path) ? 'image' : target.kind} decorative />
        <span className="chip-title">{target.title}</span>
        {missing && (
          <span className="chip-glyph" aria-hidden="true">
            !
          </span>
        )}
        {part && <span className="chip-part">{part}</span>}
        <StateText text={state} />
      </>
    );
    main =
      status === 'deleted' ? (
        <span className="chip-main" title={explanation ?? undefined}>
          {content}
        </span>
      ) : (
        <button
          ref={mainRef}
          type="button"
          className="chip-main"
          title={explanation ?? undefined}
          aria-describedby={showPreview ? tooltipId : undefined}
          onClick={() => actions.onOpen(reference)}
          onFocus={() => {
            setFocused(true);
            setDismissed(false);
          }}
          onBlur={() => setFocused(false)}
        >
          {content}
        </button>
      );
  } else {
    main = (
      <span className="chip-main" title={explanation ?? undefined}>
        <span className="chip-glyph" aria-hidden="true">
          !
        </span>
        <span className="chip-raw">{raw}</span>
        <StateText text={state} />
      </span>
    );
  }

  return (
    <li
      className={`chip chip-${status}${missing ? ' chip-missing-part' : ''}`}
      data-status={status}
      data-missing-part={missing ?? undefined}
      onMouseEnter={() => {
        setHovered(true);
        setDismissed(false);
      }}
      onMouseLeave={() => setHovered(false)}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      {main}
      {status === 'unresolved' && reference.suggestions.length > 0 && (
        <span className="chip-suggestions">
          <span className="chip-suggestions-lead">did you mean</span>
          {reference.suggestions.map((s) => (
            <button
              key={s.insert}
              type="button"
              className="chip-suggestion"
              title={`Replace ${raw} with ${s.insert}`}
              onClick={() => actions.onReplace(reference, s.insert)}
            >
              {s.label}
            </button>
          ))}
        </span>
      )}
      {mode === 'agent' && status === 'resolved' && reference.syntax !== 'citation' && (
        <select
          className="chip-permission"
          data-permission={permission}
          aria-label={`Permission for ${raw}`}
          value={permission}
          onChange={(e) => actions.onPermission(reference, e.target.value as Permission)}
        >
          {PERMISSIONS.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      )}
      {pins && target && status === 'resolved' && reference.syntax !== 'citation' && (
        <PinButton
          title={target.title}
          pinned={pins.isPinned(target.documentId)}
          full={pins.full}
          onToggle={() =>
            pins.toggle({
              documentId: target.documentId,
              path: target.path,
              title: target.title,
              kind: target.kind,
            })
          }
        />
      )}
      <button
        type="button"
        className="chip-remove"
        aria-label={`Remove ${raw}`}
        title="Remove from the message"
        onClick={() => actions.onRemove(reference)}
      >
        ×
      </button>
      {showPreview && target && (
        <ChipPreview id={tooltipId} reference={reference} target={target} previews={previews} />
      )}
      {picking && (
        <fieldset className="chip-picker" id={`${id}-picker`} onKeyDown={moveInPicker}>
          <legend className="chip-picker-lead">Which {raw} did you mean?</legend>
          {reference.candidates.map((c, i) => (
            <button
              key={c.documentId}
              type="button"
              className="chip-candidate"
              // biome-ignore lint/a11y/noAutofocus: the picker was opened to choose; its first choice takes focus
              autoFocus={i === 0}
              onClick={() => {
                setPicking(false);
                actions.onChoose(reference, c.path);
              }}
            >
              <KindIcon kind={isImagePath(c.path) ? 'image' : c.kind} decorative />
              <span className="chip-candidate-text">
                <span className="chip-candidate-title">{c.title}</span>
                <span className="chip-candidate-path">{c.path}</span>
              </span>
            </button>
          ))}
        </fieldset>
      )}
    </li>
  );
}
