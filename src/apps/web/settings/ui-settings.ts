import { useCallback, useSyncExternalStore } from 'react';

/** The display options a person can turn on or off, each kept in the browser's localStorage. */
export const UI_SETTINGS = {
  /** Cited sources as a row of cards above each answer (the footer stays either way). */
  sourceCards: { key: 'footnote.sourceCards', default: false },
} as const;

export type UiSettingName = keyof typeof UI_SETTINGS;

const listeners = new Set<() => void>();
/** Choices made in this tab, which hold even when storage refuses them (private modes, quota). */
const chosen = new Map<UiSettingName, boolean>();

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/** The setting's value: what was stored ('1' or '0'), else its default. */
export function readUiSetting(name: UiSettingName): boolean {
  const here = chosen.get(name);
  if (here !== undefined) return here;
  const stored = storage()?.getItem(UI_SETTINGS[name].key);
  if (stored === '1') return true;
  if (stored === '0') return false;
  return UI_SETTINGS[name].default;
}

/** Stores a setting and tells every component showing it (this tab; others hear `storage`). */
export function writeUiSetting(name: UiSettingName, value: boolean): void {
  chosen.set(name, value);
  try {
    storage()?.setItem(UI_SETTINGS[name].key, value ? '1' : '0');
  } catch {
    // a full or refused storage: the choice holds in this tab until it is closed
  }
  for (const listener of listeners) listener();
}

/** Another tab changed a setting: what it stored wins over this tab's earlier choice. */
const onStorage = () => {
  chosen.clear();
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
};

/** A display setting and its setter, shared live by every component that reads it. */
export function useUiSetting(name: UiSettingName): [boolean, (value: boolean) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => readUiSetting(name),
    () => UI_SETTINGS[name].default,
  );
  const set = useCallback((next: boolean) => writeUiSetting(name, next), [name]);
  return [value, set];
}
