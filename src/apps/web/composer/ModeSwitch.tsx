import { useId } from 'react';
import type { ChatMode } from '../api/types.ts';

const MODES: readonly { value: ChatMode; label: string }[] = [
  { value: 'chat', label: 'Chat' },
  { value: 'agent', label: 'Agent' },
];

/** Chat (read-only) or Agent (may propose edits) as a two-way segmented radio group. */
export function ModeSwitch({
  mode,
  onChange,
}: {
  mode: ChatMode;
  onChange: (mode: ChatMode) => void;
}) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label="Mode" className="mode-switch">
      {MODES.map((m) => (
        <label key={m.value} className={mode === m.value ? 'mode-option active' : 'mode-option'}>
          <input
            type="radio"
            name={name}
            value={m.value}
            checked={mode === m.value}
            onChange={() => onChange(m.value)}
          />
          <span>{m.label}</span>
        </label>
      ))}
    </div>
  );
}
