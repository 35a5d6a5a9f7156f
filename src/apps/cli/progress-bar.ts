/** A one-line progress bar on a terminal stream; silent when the stream is not a TTY. */
export function createProgressBar(stream: NodeJS.WriteStream, label: string) {
  const enabled = stream.isTTY === true;
  let last = 0;
  return {
    update(done: number, total: number, detail: string) {
      if (!enabled) return;
      const now = Date.now();
      if (now - last < 50 && done < total) return;
      last = now;
      const width = 24;
      const filled = total === 0 ? width : Math.round((done / total) * width);
      const room = Math.max(10, (stream.columns || 80) - width - label.length - 20);
      const shown = detail.length > room ? `…${detail.slice(-(room - 1))}` : detail;
      stream.write(
        `\r\x1b[2K${label} [${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${done}/${total} ${shown}`,
      );
    },
    done() {
      if (enabled) stream.write('\r\x1b[2K');
    },
  };
}
