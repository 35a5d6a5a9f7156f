/** What a keyboard shortcut does. */
export type ShortcutAction = 'focus-message' | 'new-chat' | 'search-documents' | 'show-help';

/** One shortcut as the help lists it and the page listens for it. */
export interface Shortcut {
  readonly action: ShortcutAction;
  readonly label: string;
  /** Keys as the help shows them (Ctrl reads ⌘ on a Mac). */
  readonly keys: readonly (readonly string[])[];
  /** For `aria-keyshortcuts` on the control it reaches. */
  readonly aria: string;
}

/** The page's shortcuts, in the order the help lists them (close to ChatGPT's and Open WebUI's). */
export const SHORTCUTS: readonly Shortcut[] = [
  {
    action: 'focus-message',
    label: 'Focus the message box',
    keys: [['Shift', 'Esc'], ['/']],
    aria: 'Shift+Escape /',
  },
  {
    action: 'new-chat',
    label: 'New conversation',
    keys: [['Ctrl', 'Shift', 'O']],
    aria: 'Control+Shift+O Meta+Shift+O',
  },
  {
    action: 'search-documents',
    label: 'Search the documents list',
    keys: [['Ctrl', 'K']],
    aria: 'Control+K Meta+K',
  },
  {
    action: 'show-help',
    label: 'Show these shortcuts',
    keys: [['Ctrl', '/'], ['?']],
    aria: 'Control+/ Meta+/ ?',
  },
];

/** The parts of a key event a shortcut depends on. */
export interface KeyPress {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
  /** Focus is in a text field, where `/` and `?` are text. */
  readonly typing: boolean;
}

/** The shortcut a key press means, or null; Ctrl and ⌘ count alike. */
export function shortcutFor(press: KeyPress): ShortcutAction | null {
  const command = press.ctrlKey || press.metaKey;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  if (press.altKey) return null;
  if (key === 'Escape' && press.shiftKey && !command) return 'focus-message';
  if (command && press.shiftKey && key === 'o') return 'new-chat';
  if (command && !press.shiftKey && key === 'k') return 'search-documents';
  if (command && (key === '/' || key === '?')) return 'show-help';
  if (command || press.typing) return null;
  if (key === '/') return 'focus-message';
  if (key === '?') return 'show-help';
  return null;
}

/** Whether an element takes typed text, so bare `/` and `?` must reach it. */
export function isTyping(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLTextAreaElement) return !element.readOnly;
  if (element instanceof HTMLInputElement)
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(
      element.type,
    );
  if (element instanceof HTMLSelectElement) return true;
  return element instanceof HTMLElement && element.isContentEditable;
}
