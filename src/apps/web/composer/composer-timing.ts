/**
 * How long after sending a click on Stop (which takes Send's place) is ignored: the second click of
 * a double-click on Send must not stop the answer it just asked for.
 */
export const STOP_GUARD_MS = 600;
