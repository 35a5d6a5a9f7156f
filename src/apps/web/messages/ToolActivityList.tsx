import { useId, useState } from 'react';
import type { ToolActivity } from '../chat/view-message.ts';
import { stepsLabel, toolLine } from './tool-labels.ts';

const ICONS: Record<ToolActivity['state'], string> = { running: '', done: '✓', error: '✗' };

/**
 * The tool calls of an answer: shown line by line while the answer is being written, then folded
 * under a small "N steps" disclosure.
 */
export function ToolActivityList({
  tools,
  streaming,
}: {
  tools: readonly ToolActivity[];
  streaming: boolean;
}) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  if (tools.length === 0) return null;
  const failed = tools.filter((t) => t.state === 'error').length;
  const showList = streaming || expanded;
  return (
    <div className="tool-activity" role="status" aria-label="Tool activity">
      {!streaming && (
        <button
          type="button"
          className="steps-toggle"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((open) => !open)}
        >
          <span className="chevron" aria-hidden="true">
            {expanded ? '▾' : '▸'}
          </span>
          {stepsLabel(tools.length)}
          {failed > 0 && <span className="steps-failed"> · {failed} failed</span>}
        </button>
      )}
      {showList && (
        <ul id={listId} className="tool-list">
          {tools.map((tool) => (
            <li key={tool.id} className={`tool-line tool-${tool.state}`}>
              <span className="tool-icon" aria-hidden="true">
                {tool.state === 'running' ? <span className="spinner" /> : ICONS[tool.state]}
              </span>
              <span className="tool-text">{toolLine(tool)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
