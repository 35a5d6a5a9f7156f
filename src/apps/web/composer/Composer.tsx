import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { WorkspaceApi } from '../api/client.ts';
import type {
  ChatMode,
  Permission,
  ReferenceJson,
  SuggestItem,
  TurnOptions,
} from '../api/types.ts';
import type { PinControl } from '../context/pinned-notes.ts';
import type { ViewerTarget } from '../viewer/viewer-target.ts';
import { type ActiveTrigger, findActiveTrigger } from './active-trigger.ts';
import { ConfirmSendDialog } from './ConfirmSendDialog.tsx';
import { caretCoordinates } from './caret-coordinates.ts';
import { unsettled } from './chip-status.ts';
import { closeOpenLinks } from './close-open-links.ts';
import { MAX_MESSAGE_CHARS, STOP_GUARD_MS } from './composer-limits.ts';
import { draftAfterSend, insertCompletion, removeSpans, replaceSpans } from './edit-draft.ts';
import { searchedText } from './highlight-match.ts';
import { ModeSwitch } from './ModeSwitch.tsx';
import { narrowSuggestions } from './narrow-suggestions.ts';
import { PreviewCache } from './preview-cache.ts';
import { type ChipActions, ReferenceChip } from './ReferenceChip.tsx';
import { addRecent, readRecent, recentFor, writeRecent } from './recent-items.ts';
import { rewriteToPath } from './rewrite-reference.ts';
import { SuggestionList } from './SuggestionList.tsx';
import { displayGroups } from './suggestion-groups.ts';
import { useResolvedReferences } from './use-resolved-references.ts';
import { useSuggestions } from './use-suggestions.ts';
import './composer.css';

/** Grows or shrinks a textarea to its text (the CSS max-height still caps it). */
function fitHeight(el: HTMLTextAreaElement): void {
  el.style.height = 'auto';
  el.style.height = `${el.scrollHeight + 2}px`;
}

/** The counter appears from here on. */
const COUNTER_FROM = 28_000;
const MODE_KEY = 'footnote.mode';

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

const readMode = (): ChatMode => (storage()?.getItem(MODE_KEY) === 'agent' ? 'agent' : 'chat');

const AGENT_HINT =
  "Agent can edit documents you reference with write or insert. You'll review every change before it is written.";

/** What the page may ask of the composer. */
export interface ComposerHandle {
  /** Puts the caret in the message box (a shortcut, the skip link). */
  focus(): void;
  /** Replaces the draft with `text` (an example prompt) and focuses it, caret at the end. */
  setDraft(text: string): void;
}

/**
 * Where the user writes: autocomplete for `[[` and `@`, live chips for every reference, Chat/Agent
 * mode with per-reference permissions, and a last check of the references before sending.
 */
export function Composer({
  ref,
  inputId,
  api,
  sessionId = null,
  busy,
  onSend,
  onStop,
  onOpenDocument,
  onModeChange,
  above,
  currentPath = null,
  pins,
}: {
  ref?: Ref<ComposerHandle>;
  /** The message box's id, for a skip link; a generated one by default. */
  inputId?: string;
  api: WorkspaceApi;
  /** The open, stored session: `[n]` in the draft names a source of its previous answer. */
  sessionId?: string | null;
  busy: boolean;
  onSend: (text: string, options: TurnOptions) => void;
  onStop: () => void;
  onOpenDocument: (target: ViewerTarget) => void;
  /** Told the mode now and on every change, so the page can warn about it before sending. */
  onModeChange?: (mode: ChatMode) => void;
  /** Shown above the chips: what goes with every message (current document, pinned notes). */
  above?: ReactNode;
  /** The document open in the viewer: the chips resolve same-named references toward it. */
  currentPath?: string | null;
  /** Pins a chip's document to the conversation. */
  pins?: PinControl;
}) {
  const id = useId();
  const listboxId = `${id}-suggestions`;
  const optionId = useCallback((i: number) => `${id}-option-${i}`, [id]);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const box = useRef<HTMLDivElement>(null);

  const [draft, setDraft] = useState('');
  // The draft as it is now, for a send that finishes after the reader typed on.
  const latestDraft = useRef(draft);
  latestDraft.current = draft;
  const [caret, setCaret] = useState(0);
  const pendingCaret = useRef<number | null>(null);
  const [focused, setFocused] = useState(false);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [selection, setSelection] = useState({ key: '', index: 0 });
  const [mode, setModeState] = useState<ChatMode>(readMode);
  useEffect(() => onModeChange?.(mode), [mode, onModeChange]);
  const [overrides, setOverrides] = useState<ReadonlyMap<string, Permission>>(new Map());
  const [recent, setRecent] = useState(() => readRecent(storage(), api.workspaceId));
  const [confirming, setConfirming] = useState<{
    text: string;
    references: readonly ReferenceJson[];
  } | null>(null);
  const [checking, setChecking] = useState(false);
  const [anchor, setAnchor] = useState<CSSProperties | undefined>(undefined);
  // Stop takes Send's place at once; it stays disabled for a moment so the second click of a
  // double-click on Send cannot stop the answer it started, and a later click is never dropped.
  const [stopArmed, setStopArmed] = useState(true);
  const armTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(armTimer.current), []);

  const previews = useMemo(() => new PreviewCache(api), [api]);
  useEffect(() => () => previews.dispose(), [previews]);

  const tooLong = draft.length > MAX_MESSAGE_CHARS;
  // A draft over the limit is not sent, so it is not checked either: the server would refuse it.
  const resolved = useResolvedReferences(api, draft, mode, sessionId, !tooLong, currentPath);
  const { references } = resolved;

  // ----- autocomplete -------------------------------------------------------------------------

  const active: ActiveTrigger | null = useMemo(
    () => (focused ? findActiveTrigger(draft, caret) : null),
    [draft, caret, focused],
  );
  useEffect(() => {
    if (!active) setDismissedAt(null);
  }, [active]);
  const wanted = active && active.start !== dismissedAt ? active : null;
  const suggestions = useSuggestions(api, wanted);
  const typed = wanted ? searchedText(wanted.query, wanted.trigger) : '';
  // Only items that fit the text typed now: the server's answer to it, or its last answer
  // narrowed locally while a fresh one is on its way; never an answer to an older query.
  const current = useMemo(() => {
    if (!wanted || suggestions.start !== wanted.start || suggestions.trigger !== wanted.trigger)
      return null;
    if (suggestions.query === wanted.query) return suggestions.groups;
    if (suggestions.query === null) return null;
    const narrowed = narrowSuggestions(
      suggestions.groups,
      suggestions.query,
      wanted.query,
      wanted.trigger,
    );
    return narrowed && narrowed.length > 0 ? narrowed : null;
  }, [wanted, suggestions]);
  // "more…" was chosen for the reference typed at this offset: the list shows every item.
  const [expandedAt, setExpandedAt] = useState<number | null>(null);
  const viewOf = useCallback(
    (expanded: boolean) =>
      wanted
        ? displayGroups(current ?? [], typed === '' ? recentFor(recent, wanted.trigger) : [], {
            expanded,
            inTurns: typed === '',
          })
        : { groups: [], hidden: 0 },
    [wanted, current, typed, recent],
  );
  const { groups, hidden } = useMemo(
    () => viewOf(wanted !== null && expandedAt === wanted.start),
    [viewOf, wanted, expandedAt],
  );
  const items = useMemo(() => groups.flatMap((g) => g.items), [groups]);
  const keyOf = (list: readonly SuggestItem[]) =>
    `${wanted?.start}:${list.map((i) => i.insert).join('\u0000')}`;
  const listKey = keyOf(items);
  /** Options in keyboard order: the items, then "more…" when some are hidden. */
  const options = items.length + (hidden > 0 ? 1 : 0);
  const selected = selection.key === listKey ? Math.min(selection.index, options - 1) : 0;
  const select = (index: number) => setSelection({ key: listKey, index });
  /** Shows every item, the first of those that were hidden selected. */
  const showMore = () => {
    if (!wanted) return;
    const all = viewOf(true).groups.flatMap((g) => g.items);
    setExpandedAt(wanted.start);
    setSelection({ key: keyOf(all), index: items.length });
  };

  let status: string | null = null;
  if (suggestions.error) status = suggestions.error;
  else if (items.length === 0 && (suggestions.loading || current === null)) status = 'Searching…';
  else if (items.length === 0) status = 'No matching documents';
  const open = wanted !== null && (items.length > 0 || status !== null);
  useEffect(() => {
    if (!open) setSelection({ key: '', index: 0 });
  }, [open]);

  useLayoutEffect(() => {
    const el = textarea.current;
    const container = box.current;
    if (!open || !wanted || !el || !container) return;
    const at = caretCoordinates(el, wanted.start);
    const width = Math.min(400, container.clientWidth);
    const left = Math.max(0, Math.min(el.offsetLeft + at.left - 8, container.clientWidth - width));
    const bottom = container.clientHeight - (el.offsetTop + Math.max(0, at.top)) + 4;
    setAnchor({
      '--anchor-left': `${left}px`,
      '--anchor-bottom': `${bottom}px`,
      '--anchor-width': `${width}px`,
    } as CSSProperties);
  }, [open, wanted]);

  /**
   * Enter or Tab with nothing listed for what is typed (still searching, or no match): the
   * reference is closed as typed — `[[budget` becomes `[[budget]]` — rather than guessed.
   */
  const closeAsTyped = () => {
    if (!wanted) return;
    setDismissedAt(wanted.start);
    if (wanted.trigger !== '[[' || wanted.query.trim() === '') return;
    const edit = insertCompletion(
      draft,
      wanted.start,
      wanted.replaceEnd,
      `[[${wanted.query.trimEnd()}]]`,
    );
    pendingCaret.current = edit.caret;
    setDraft(edit.text);
    setCaret(edit.caret);
  };

  const choose = (item: SuggestItem) => {
    if (!wanted) return;
    const edit = insertCompletion(draft, wanted.start, wanted.replaceEnd, item.insert);
    pendingCaret.current = edit.caret;
    setDraft(edit.text);
    setCaret(edit.caret);
    const next = addRecent(recent, item);
    setRecent(next);
    writeRecent(storage(), api.workspaceId, next);
  };

  // ----- the textarea ---------------------------------------------------------------------------

  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text
  useLayoutEffect(() => {
    const el = textarea.current;
    if (!el) return;
    fitHeight(el);
    if (pendingCaret.current !== null) {
      el.setSelectionRange(pendingCaret.current, pendingCaret.current);
      pendingCaret.current = null;
    }
  }, [draft]);

  // …and the width: the viewer opening or the window resizing rewraps the text.
  useEffect(() => {
    const el = textarea.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let width = el.clientWidth;
    const observer = new ResizeObserver(() => {
      if (el.clientWidth === width) return;
      width = el.clientWidth;
      fitHeight(el);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const setMode = (next: ChatMode) => {
    setModeState(next);
    try {
      storage()?.setItem(MODE_KEY, next);
    } catch {
      // the choice just isn't remembered
    }
  };

  const editDraft = (text: string) => {
    setDraft(text);
    textarea.current?.focus();
  };

  useImperativeHandle(
    ref,
    () => ({
      focus: () => textarea.current?.focus(),
      setDraft: (text: string) => {
        pendingCaret.current = text.length;
        setDraft(text);
        setCaret(text.length);
        // A reference the text ends with was written already: no suggestions for it.
        setDismissedAt(findActiveTrigger(text, text.length)?.start ?? null);
        textarea.current?.focus();
      },
    }),
    [],
  );

  // The message box has focus on load, and again when an answer is done (unless the reader went
  // elsewhere meanwhile): Send, which turned into Stop, is gone, and typing goes on here.
  const wasBusy = useRef(busy);
  useEffect(() => {
    const finished = wasBusy.current && !busy;
    wasBusy.current = busy;
    if (!finished) return;
    const at = document.activeElement;
    if (!at || at === document.body || box.current?.contains(at)) textarea.current?.focus();
  }, [busy]);
  useEffect(() => {
    const at = document.activeElement;
    if (!at || at === document.body) textarea.current?.focus();
  }, []);

  const empty = draft.trim() === '';

  const deliver = (text: string, refs: readonly ReferenceJson[]) => {
    let options: TurnOptions = { mode: 'chat' };
    if (mode === 'agent') {
      const permissions = new Map<string, Permission>();
      for (const ref of refs) {
        const path = ref.target?.path;
        const chosen = path === undefined ? undefined : overrides.get(path);
        if (path !== undefined && chosen) permissions.set(path, chosen);
      }
      options = {
        mode: 'agent',
        dryRun: true,
        ...(permissions.size > 0 && {
          permissions: [...permissions].map(([path, permission]) => ({ path, permission })),
        }),
      };
    }
    clearTimeout(armTimer.current);
    setStopArmed(false);
    armTimer.current = setTimeout(() => setStopArmed(true), STOP_GUARD_MS);
    onSend(text.trim(), options);
    // Whatever was typed while the references were checked stays in the box.
    const left = draftAfterSend(latestDraft.current, text);
    setDraft(left);
    setCaret(left.length);
    setOverrides(new Map());
    setConfirming(null);
    resolved.clear();
    textarea.current?.focus();
  };

  const submit = async () => {
    if (busy || checking || empty || tooLong || confirming) return;
    // A half-typed `[[name` is closed as typed, shown, and then resolved (or asked about).
    const text = closeOpenLinks(draft);
    if (text !== draft) {
      setDraft(text);
      setCaret(text.length);
    }
    setChecking(true);
    let refs = references;
    try {
      refs = await resolved.resolveNow(text);
    } catch {
      // the server will resolve again; the last chips are the best we know
    } finally {
      setChecking(false);
    }
    if (unsettled(refs).length > 0) setConfirming({ text, references: refs });
    else deliver(text, refs);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.nativeEvent.isComposing) return;
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void submit();
      return;
    }
    if (open && options > 0 && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      select((selected + step + options) % options);
      return;
    }
    if (open && (e.key === 'Enter' || e.key === 'Tab') && !e.shiftKey && !e.altKey) {
      e.preventDefault();
      const item = items[selected];
      if (item) choose(item);
      else if (hidden > 0 && selected === items.length) showMore();
      else closeAsTyped();
      return;
    }
    if (open && e.key === 'Escape') {
      e.preventDefault();
      setDismissedAt(wanted?.start ?? null);
      return;
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.altKey) {
      e.preventDefault();
      void submit();
    }
  };

  // ----- chips ----------------------------------------------------------------------------------

  const actions: ChipActions = {
    onRemove: (ref) => {
      editDraft(removeSpans(draft, ref.spans.length ? ref.spans : [ref]));
      resolved.drop(ref);
      const path = ref.target?.path;
      if (path !== undefined && overrides.has(path)) {
        const next = new Map(overrides);
        next.delete(path);
        setOverrides(next);
      }
    },
    onReplace: (ref, text) =>
      editDraft(replaceSpans(draft, ref.spans.length ? ref.spans : [ref], text)),
    onChoose: (ref, path) => {
      // Only names can be ambiguous; a `[n]` source never offers candidates.
      if (ref.syntax === 'citation') return;
      const spans = ref.spans.length ? ref.spans : [ref];
      let next = draft;
      // Each span may be written differently (`@pump`, `@Pump`): rewrite each as itself, last first.
      for (const span of [...spans].sort((a, b) => b.start - a.start))
        next = replaceSpans(next, [span], rewriteToPath(span.raw, ref.syntax, path));
      editDraft(next);
    },
    onPermission: (ref, permission) => {
      const path = ref.target?.path;
      if (path === undefined) return;
      const next = new Map(overrides);
      if (permission === ref.permission) next.delete(path);
      else next.set(path, permission);
      setOverrides(next);
    },
    onOpen: (ref) => {
      const target = ref.target;
      if (!target) return;
      void previews.span(target).then((span) =>
        onOpenDocument({
          documentId: target.documentId,
          path: target.path,
          title: target.title,
          kind: target.kind,
          start: span?.start ?? null,
          end: span?.end ?? null,
          page: target.page,
          label: 'Reference',
        }),
      );
    },
  };

  const counterShown = draft.length >= COUNTER_FROM;

  return (
    <div className="composer">
      {above}
      {references.length > 0 && (
        <ul aria-label="References in this message" className="chips">
          {references.map((ref) => (
            <ReferenceChip
              key={`${ref.syntax}:${ref.syntax === 'citation' ? ref.raw : (ref.target?.documentId ?? ref.raw)}:${ref.status}`}
              reference={ref}
              mode={mode}
              permission={(ref.target && overrides.get(ref.target.path)) || ref.permission}
              previews={previews}
              actions={actions}
              pins={pins}
            />
          ))}
        </ul>
      )}
      {resolved.error && <p className="composer-note">{resolved.error}</p>}
      <div className="composer-box" ref={box}>
        <textarea
          id={inputId ?? `${id}-input`}
          ref={textarea}
          className="composer-input"
          aria-label="Message"
          // While "send anyway?" is asked, the text being asked about must not change under it.
          readOnly={confirming !== null}
          aria-autocomplete="list"
          aria-controls={open ? listboxId : undefined}
          aria-activedescendant={open && options > 0 ? optionId(selected) : undefined}
          placeholder="Ask about your documents — type [[ to link a note, @ for files, posts and people"
          rows={1}
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            setCaret(e.target.selectionStart);
          }}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onKeyDown={onKeyDown}
        />
        {open && (
          <SuggestionList
            id={listboxId}
            groups={groups}
            hidden={hidden}
            onMore={showMore}
            selected={selected}
            optionId={optionId}
            typed={typed}
            status={status}
            style={anchor}
            onChoose={choose}
            onHover={select}
          />
        )}
        <div className="composer-toolbar">
          <ModeSwitch mode={mode} onChange={setMode} />
          <span className="composer-spacer" />
          {counterShown && (
            <span className={tooLong ? 'composer-counter over' : 'composer-counter'}>
              {draft.length.toLocaleString('en-US')} / {MAX_MESSAGE_CHARS.toLocaleString('en-US')}
            </span>
          )}
          {busy ? (
            <button type="button" className="composer-stop" disabled={!stopArmed} onClick={onStop}>
              Stop
            </button>
          ) : (
            <button
              type="button"
              className="primary composer-send"
              disabled={empty || tooLong || checking}
              onClick={() => void submit()}
            >
              Send
            </button>
          )}
        </div>
        {confirming && (
          <ConfirmSendDialog
            references={unsettled(confirming.references)}
            onConfirm={() => deliver(confirming.text, confirming.references)}
            onCancel={() => {
              setConfirming(null);
              textarea.current?.focus();
            }}
          />
        )}
      </div>
      <div className="composer-footer" aria-live="polite">
        {tooLong && (
          <p className="composer-too-long">
            This message is {(draft.length - MAX_MESSAGE_CHARS).toLocaleString('en-US')} characters
            over the {MAX_MESSAGE_CHARS.toLocaleString('en-US')} limit. Shorten it to send.
          </p>
        )}
        {mode === 'agent' && <p className="composer-hint">{AGENT_HINT}</p>}
      </div>
    </div>
  );
}
