import type { ModelChoice } from '../api/types.ts';

/** The model answering this conversation, and the others the server offers to pick from. */
export function ModelPicker({
  models,
  selected,
  onSelect,
}: {
  models: readonly ModelChoice[];
  selected: ModelChoice;
  onSelect: (id: string) => void;
}) {
  return (
    <label className="model-picker" title={`Answers come from: ${selected.label}`}>
      <span className="visually-hidden">Model</span>
      <select value={selected.id} onChange={(event) => onSelect(event.target.value)}>
        {models.map((model) => (
          <option key={model.id} value={model.id}>
            {model.label}
            {model.canEdit ? '' : ' (cannot edit)'}
          </option>
        ))}
      </select>
    </label>
  );
}
