import { useEffect, useId, useRef, useState } from 'react';
import { isTyping, SHORTCUTS, type ShortcutAction, shortcutFor } from './shortcuts.ts';

const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** A key as the help shows it: Ctrl is ⌘ on a Mac. */
const keyName = (key: string) => (key === 'Ctrl' && isMac() ? '⌘' : key);

/** The help overlay: a modal dialog listing the shortcuts; Escape or Close returns focus. */
function ShortcutHelp({ onClose }: { onClose: () => void }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    const before = document.activeElement as HTMLElement | null;
    if (typeof el.showModal === 'function' && !el.open) el.showModal();
    else el.setAttribute('open', '');
    return () => {
      if (el.open && typeof el.close === 'function') el.close();
      before?.focus?.();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className="shortcut-help"
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={(e) => {
        // Handled here: Escape must not also close the sidebar or a suggestion list behind.
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          onClose();
        }
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <h2 id={`${id}-title`}>Keyboard shortcuts</h2>
      <table>
        <tbody>
          {SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.action}>
              <th scope="row">{shortcut.label}</th>
              <td>
                {shortcut.keys.map((combo, i) => (
                  <span key={combo.join('+')} className="shortcut-combo">
                    {i > 0 && <span className="shortcut-or"> or </span>}
                    {combo.map((key, j) => (
                      <span key={key}>
                        {j > 0 && '+'}
                        <kbd>{keyName(key)}</kbd>
                      </span>
                    ))}
                  </span>
                ))}
              </td>
            </tr>
          ))}
          <tr>
            <th scope="row">Choose a suggestion</th>
            <td>
              <kbd>↑</kbd> <kbd>↓</kbd> then <kbd>Enter</kbd> or <kbd>Tab</kbd>
            </td>
          </tr>
          <tr>
            <th scope="row">New line in a message</th>
            <td>
              <kbd>Shift</kbd>+<kbd>Enter</kbd>
            </td>
          </tr>
        </tbody>
      </table>
      <div className="shortcut-help-actions">
        <button
          type="button"
          className="primary"
          // biome-ignore lint/a11y/noAutofocus: a dialog opened from the keyboard starts on its only control
          autoFocus
          onClick={onClose}
        >
          Close
        </button>
      </div>
    </dialog>
  );
}

/**
 * Keyboard reach for the whole page: a skip link to the message box (the first stop of Tab), the
 * shortcuts of {@link SHORTCUTS}, and their help overlay.
 */
export function KeyboardShortcuts({
  onFocusMessage,
  onNewChat,
  onSearchDocuments,
}: {
  onFocusMessage: () => void;
  onNewChat: () => void;
  onSearchDocuments: () => void;
}) {
  const [helpOpen, setHelpOpen] = useState(false);
  const latest: Record<ShortcutAction, () => void> = {
    'focus-message': onFocusMessage,
    'new-chat': onNewChat,
    'search-documents': onSearchDocuments,
    'show-help': () => setHelpOpen((open) => !open),
  };
  // The listener is added once and calls whatever the latest props are.
  const actions = useRef(latest);
  actions.current = latest;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const action = shortcutFor({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        shiftKey: event.shiftKey,
        altKey: event.altKey,
        typing: isTyping(document.activeElement),
      });
      if (!action) return;
      event.preventDefault();
      if (action !== 'show-help') setHelpOpen(false);
      actions.current[action]();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      {/* A button, not a #fragment link: the address holds the session, and must not change. */}
      <button type="button" className="skip-link" onClick={onFocusMessage}>
        Skip to message box
      </button>
      {helpOpen && <ShortcutHelp onClose={() => setHelpOpen(false)} />}
    </>
  );
}
