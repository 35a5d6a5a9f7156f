/** The time source and timer a {@link StreamSaver} runs on; injectable so tests move time by hand. */
export interface SaverClock {
  /** Milliseconds on any monotonic scale. */
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemClock: SaverClock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** How an answer's text is saved while it streams. */
export interface StreamSaverOptions {
  /** Writes the text so far; never called again before the previous call has settled. */
  readonly save: (text: string) => Promise<unknown>;
  /** Save as soon as this many characters are unsaved. @default 200 */
  readonly maxChars?: number;
  /**
   * Save unsaved text at the latest this long after the previous save started (also the pause
   * after a failed save before the next try). @default 500
   */
  readonly maxDelayMs?: number;
  readonly clock?: SaverClock;
}

/** Characters an answer may run ahead of its stored copy before a save is started. */
export const SAVE_EVERY_CHARS = 200;
/** Longest time text the reader has seen stays unsaved (plus the time of one write). */
export const SAVE_EVERY_MS = 500;

/**
 * Keeps the stored copy of a streaming answer close behind the text shown: a save starts once
 * `maxChars` characters are unsaved, or `maxDelayMs` after the previous one if any text is, so a
 * crash loses at most about that much — without a write per token. Saves never overlap (text that
 * arrives during one is saved after it), a failed save is retried after `maxDelayMs`, and
 * {@link finish} cancels anything pending and waits for the write in flight, so the turn's final
 * write is always the last one.
 */
export class StreamSaver {
  readonly #save: (text: string) => Promise<unknown>;
  readonly #maxChars: number;
  readonly #maxDelayMs: number;
  readonly #clock: SaverClock;
  /** The latest text, and the text of the last save that succeeded. */
  #text = '';
  #savedText = '';
  #lastStart: number;
  /** Until when no save starts, after a failed one. */
  #pauseUntil = Number.NEGATIVE_INFINITY;
  #writing: Promise<void> | null = null;
  #timer: unknown = null;
  #closed = false;
  #saves = 0;
  #failures = 0;

  constructor(options: StreamSaverOptions) {
    this.#save = options.save;
    this.#maxChars = options.maxChars ?? SAVE_EVERY_CHARS;
    this.#maxDelayMs = options.maxDelayMs ?? SAVE_EVERY_MS;
    this.#clock = options.clock ?? systemClock;
    // The turn's first write (the empty answer) counts as the previous save.
    this.#lastStart = this.#clock.now();
  }

  /** Takes the whole text so far (it grows as the answer streams); may start a save. */
  update(text: string): void {
    if (this.#closed) return;
    this.#text = text;
    this.#consider();
  }

  /** The text of the last save that succeeded. */
  get savedText(): string {
    return this.#savedText;
  }

  /** Saves that succeeded and that failed, so far. */
  get counts(): { readonly saves: number; readonly failures: number } {
    return { saves: this.#saves, failures: this.#failures };
  }

  /** Stops saving: drops any pending save and resolves once the write in flight has settled. */
  async finish(): Promise<void> {
    this.#closed = true;
    this.#cancelTimer();
    await this.#writing;
  }

  #unsaved(): number {
    if (this.#text === this.#savedText) return 0;
    return Math.max(1, this.#text.length - this.#savedText.length);
  }

  #consider(): void {
    if (this.#closed || this.#writing) return;
    const unsaved = this.#unsaved();
    if (unsaved === 0) {
      this.#cancelTimer();
      return;
    }
    const now = this.#clock.now();
    const due = Math.max(this.#lastStart + this.#maxDelayMs, this.#pauseUntil);
    const paused = now < this.#pauseUntil;
    if (now >= due || (unsaved >= this.#maxChars && !paused)) {
      this.#write(now);
      return;
    }
    if (this.#timer === null) {
      this.#timer = this.#clock.setTimeout(() => {
        this.#timer = null;
        this.#consider();
      }, due - now);
    }
  }

  #write(now: number): void {
    this.#cancelTimer();
    const text = this.#text;
    this.#lastStart = now;
    this.#writing = (async () => {
      try {
        await this.#save(text);
        this.#savedText = text;
        this.#saves++;
      } catch {
        // The next save carries the whole text again; wait a little before trying.
        this.#failures++;
        this.#pauseUntil = this.#clock.now() + this.#maxDelayMs;
      }
    })().finally(() => {
      this.#writing = null;
      this.#consider();
    });
  }

  #cancelTimer(): void {
    if (this.#timer === null) return;
    this.#clock.clearTimeout(this.#timer);
    this.#timer = null;
  }
}
