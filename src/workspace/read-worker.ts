// The body of an index reader thread (see document-reader-pool.ts): reads and chunks one file at a
// time, so a file that needs too much memory or time takes down this thread and not the process.
import { parentPort } from 'node:worker_threads';
import { packOutcome, type ReadJob, readAndChunk } from './read-and-chunk.ts';

/** A job as the pool posts it. */
export interface ReaderRequest {
  readonly id: number;
  readonly job: ReadJob;
}

const port = parentPort;
if (port) {
  // One file at a time, in the order posted: the pool counts each read's time from the answer
  // before it, and blames the file being read when the thread dies.
  let reading: Promise<void> = Promise.resolve();
  port.on('message', ({ id, job }: ReaderRequest) => {
    reading = reading.then(async () => {
      port.postMessage({ id, outcome: packOutcome(await readAndChunk(job)) });
    });
  });
  // The imports above have loaded: the pool starts a job's clock only from here.
  port.postMessage({ ready: true });
}
