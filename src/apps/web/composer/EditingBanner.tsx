/**
 * Says the message box holds the last question being edited: sending replaces that question and
 * its answer; Cancel puts the box back as it was before.
 */
export function EditingBanner({ onCancel }: { onCancel: () => void }) {
  return (
    <p className="editing-banner">
      <span>
        <strong>Editing your last question.</strong> Sending replaces it and its answer.
      </span>
      <button type="button" className="quiet-button" onClick={onCancel}>
        Cancel
      </button>
    </p>
  );
}
