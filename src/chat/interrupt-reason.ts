import { FootnoteError, INTERRUPT_MESSAGES, type InterruptReason } from '../core/index.ts';

/**
 * The abort reason a server gives the turns it stops as it shuts down, so their answers are stored
 * as `server_stopped` rather than as a client's Stop.
 */
export class ServerStoppingError extends FootnoteError {
  constructor() {
    super('server_stopped', INTERRUPT_MESSAGES.server_stopped);
    this.name = 'ServerStoppingError';
  }
}

/** Why a turn aborted through `signal` stopped: the server's shutdown, else its client. */
export function interruptReasonOf(signal: AbortSignal | undefined): InterruptReason {
  return signal?.reason instanceof ServerStoppingError ? 'server_stopped' : 'stopped';
}
