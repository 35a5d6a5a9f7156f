/**
 * Longest message the server takes (its `MAX_MESSAGE_CHARS`, repeated here so the page does not
 * bundle the protocol's validators; a test keeps the two equal).
 */
export const MAX_MESSAGE_CHARS = 32_000;

/**
 * How long after sending Stop (which takes Send's place) stays disabled: the second click of a
 * double-click on Send must not stop the answer it just asked for.
 */
export const STOP_GUARD_MS = 600;
