import { useEffect, useId, useRef, useState } from 'react';
import { useUiSetting } from './ui-settings.ts';
import './settings.css';

/**
 * The display settings behind a gear in the top bar: a small panel of switches, each remembered
 * in the browser. It closes on Escape (focus back on the gear), on a click elsewhere, or the gear.
 */
export function SettingsMenu() {
  const [open, setOpen] = useState(false);
  const [sourceCards, setSourceCards] = useUiSetting('sourceCards');
  const panelId = useId();
  const hintId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div className="settings-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button settings-toggle"
        aria-label="Display settings"
        title="Display settings"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
      >
        <span aria-hidden="true">⚙</span>
      </button>
      <section id={panelId} className="settings-panel" aria-label="Display settings" hidden={!open}>
        <label className="settings-switch">
          <input
            type="checkbox"
            checked={sourceCards}
            aria-describedby={hintId}
            onChange={(event) => setSourceCards(event.target.checked)}
          />
          Source cards above answers
        </label>
        <p id={hintId} className="settings-hint">
          Each answer's cited sources as cards above its text; the sources footer stays.
        </p>
      </section>
    </div>
  );
}
