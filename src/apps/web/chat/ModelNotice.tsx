import type { ChatMode, ModelChoice } from '../api/types.ts';

/**
 * Said before sending, above the message box: in Agent mode with a model that cannot edit (the
 * built-in offline one), nothing will be changed — and how to get a model that can.
 */
export function ModelNotice({
  mode,
  selected,
  models,
}: {
  mode: ChatMode;
  selected: ModelChoice | null;
  models: readonly ModelChoice[];
}) {
  if (mode !== 'agent' || !selected || selected.canEdit) return null;
  const editor = models.find((m) => m.canEdit);
  return (
    <div className="model-notice" role="note" aria-label="Model cannot edit">
      <p>
        <span aria-hidden="true">⚠ </span>
        <strong>{selected.label} cannot edit documents.</strong> In Agent mode it still only quotes
        them, so nothing will be changed.
      </p>
      <p>
        {editor ? (
          <>
            Pick <strong>{editor.label}</strong> in the model menu at the top to have edits
            proposed.
          </>
        ) : (
          <>
            To have edits proposed, start Footnote with a model that can use tools:{' '}
            <code>footnote serve --model openai:gpt-4.1-mini</code> (or <code>anthropic:…</code>,{' '}
            <code>ollama:llama3.1</code>), or set <code>"model"</code> in{' '}
            <code>.footnote/config.json</code>.
          </>
        )}
      </p>
    </div>
  );
}
