import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import type { ReferenceJson } from '../api/types.ts';
import { unsettledMessage } from './chip-status.ts';

/**
 * Asks before sending a message whose references point at nothing definite; focus stays inside
 * (Tab cycles the two buttons), Escape goes back.
 */
export function ConfirmSendDialog({
  references,
  onConfirm,
  onCancel,
}: {
  references: readonly ReferenceJson[];
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const back = useRef<HTMLButtonElement>(null);
  const send = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    back.current?.focus();
  }, []);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onCancel();
    } else if (e.key === 'Tab') {
      e.preventDefault();
      (document.activeElement === back.current ? send : back).current?.focus();
    }
  };

  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="confirm-send"
      onKeyDown={onKeyDown}
    >
      <p className="confirm-send-title" id={`${id}-title`}>
        Send with unresolved references?
      </p>
      <p id={`${id}-text`}>
        {unsettledMessage(references)} They will not be given to the model. Send anyway?
      </p>
      <div className="confirm-send-actions">
        <button ref={back} type="button" onClick={onCancel}>
          Go back
        </button>
        <button ref={send} type="button" className="primary" onClick={onConfirm}>
          Send anyway
        </button>
      </div>
    </div>
  );
}
