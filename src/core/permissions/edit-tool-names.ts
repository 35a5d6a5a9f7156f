/**
 * The tools that change documents, in one list so the offline model, the web UI's tool lines and
 * the session export recognise the same set as the agent's tool table.
 */
export const EDIT_TOOL_NAMES = [
  'edit_section',
  'edit_metadata',
  'write_content',
  'insert_text',
  'insert_file',
] as const;

/** One of the tools that change documents. */
export type EditToolName = (typeof EDIT_TOOL_NAMES)[number];

/** True for a tool that changes documents. */
export const isEditTool = (name: string): name is EditToolName =>
  (EDIT_TOOL_NAMES as readonly string[]).includes(name);
