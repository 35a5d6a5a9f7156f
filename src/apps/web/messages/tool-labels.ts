import { isEditTool } from '../../../core/permissions/edit-tool-names.ts';
import type { ToolActivity } from '../chat/view-message.ts';

const field = (input: unknown, key: string): string | null => {
  if (typeof input !== 'object' || input === null) return null;
  const value = (input as Record<string, unknown>)[key];
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number') return String(value);
  return null;
};

/** What a read tool reads: "notes/Design.md", "notes/Design.md § risks", "report.pdf page 3". */
function readTarget(tool: ToolActivity): string {
  const path = field(tool.input, 'path');
  const section = field(tool.input, 'section');
  const page = field(tool.input, 'page');
  const pageId = field(tool.input, 'pageId');
  if (tool.name === 'read_section' && path && section) return `${path} § ${section}`;
  if (tool.name === 'get_page') {
    if (path && page) return `${path}, page ${page}`;
    if (pageId) return `page ${pageId.slice(pageId.lastIndexOf(':') + 1)}`;
  }
  return path ?? 'a document';
}

/** Summaries the engine writes that already say what was done and where: shown as the whole line. */
const WHOLE_LINE = /^(read |outline of |proposed an edit of |edited )/;

/** How a failure's summary begins: `refused: …`, `ambiguous: …`, `failed: …` (older servers: the bare error). */
const FAILURE_KIND = /^(refused|ambiguous|failed): /;

/**
 * One line describing a tool call as it runs and after: "Searching “silt”…" then
 * "Searched “silt”: 3 results", "Read notes/x.md lines 1–40"; failures add the error.
 */
export function toolLine(tool: ToolActivity): string {
  if (tool.state === 'done' && tool.summary && WHOLE_LINE.test(tool.summary))
    return `${tool.summary[0]?.toUpperCase()}${tool.summary.slice(1)}`;
  // A failed call keeps the present tense: "Reading x.md — failed: …".
  const running = tool.state !== 'done';
  const summary = tool.state === 'done' && tool.summary ? `: ${tool.summary}` : '';
  let line: string;
  switch (tool.name) {
    case 'search': {
      const query = field(tool.input, 'query');
      const what = query ? ` “${query}”` : '';
      line = running ? `Searching${what}…` : `Searched${what}${summary}`;
      break;
    }
    case 'read_document':
    case 'read_section':
    case 'get_page':
      line = running ? `Reading ${readTarget(tool)}…` : `Read ${readTarget(tool)}${summary}`;
      break;
    case 'list_documents': {
      const kind = field(tool.input, 'kind');
      const contains = field(tool.input, 'contains');
      const what = `${kind ? `${kind} ` : ''}documents${contains ? ` matching “${contains}”` : ''}`;
      line = running ? `Listing ${what}…` : `Listed ${what}${summary}`;
      break;
    }
    case 'links': {
      const path = field(tool.input, 'path') ?? 'a note';
      line = running
        ? `Following links of ${path}…`
        : tool.summary?.startsWith('links of ')
          ? `Followed ${tool.summary}`
          : `Followed links of ${path}${summary}`;
      break;
    }
    default: {
      if (isEditTool(tool.name)) {
        const path = field(tool.input, 'path') ?? 'a document';
        line = running ? `Preparing an edit to ${path}…` : `Prepared an edit to ${path}${summary}`;
      } else {
        line = running ? `Running ${tool.name}…` : `Ran ${tool.name}${summary}`;
      }
    }
  }
  if (tool.state === 'error') {
    const why = tool.summary ?? '';
    return `${line.replace(/…$/, '')} — ${FAILURE_KIND.test(why) ? why : `failed${why ? `: ${why}` : ''}`}`;
  }
  return line;
}

/** "1 step" / "3 steps", for the collapsed tool list. */
export const stepsLabel = (count: number) => `${count} ${count === 1 ? 'step' : 'steps'}`;
