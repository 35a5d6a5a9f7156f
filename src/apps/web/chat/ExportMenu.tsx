import { useState } from 'react';
import type { WorkspaceApi } from '../api/client.ts';

const download = (blob: Blob, name: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

/**
 * Downloads the conversation as Markdown (citations as footnotes, agent edits with their diffs) or
 * as JSON, in a file named after its title.
 */
export function ExportMenu({ api, sessionId }: { api: WorkspaceApi; sessionId: string | null }) {
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (format: 'md' | 'json') => {
    if (!sessionId) return;
    try {
      setProblem(null);
      const { blob, filename } = await api.exportSession(sessionId, format);
      // The server names the file after the session's title.
      download(blob, filename ?? `footnote-${sessionId.slice(0, 8)}.${format}`);
    } catch (cause) {
      setProblem(`Export failed: ${(cause as Error).message}`);
    }
  };
  return (
    <fieldset className="export-menu" aria-label="Export conversation">
      <button type="button" disabled={!sessionId} onClick={() => void run('md')}>
        <span className="export-word">Export </span>.md
      </button>
      <button type="button" disabled={!sessionId} onClick={() => void run('json')}>
        .json
      </button>
      {problem && (
        <span role="alert" className="export-problem">
          {problem}
        </span>
      )}
    </fieldset>
  );
}
