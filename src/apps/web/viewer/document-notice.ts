import type { ViewerTarget } from './viewer-target.ts';

/**
 * The line the viewer shows above a document that is not live: what the link that opened it says
 * became of it (deleted or archived since a message was sent), else what its status is now; null
 * for a live document opened from anywhere.
 */
export function documentNotice(
  target: Pick<ViewerTarget, 'notice'>,
  status: 'active' | 'archived' | 'deleted' | null,
): string | null {
  if (target.notice) return target.notice;
  if (status === 'archived') return 'This document is archived.';
  if (status === 'deleted')
    return 'This document was deleted from the workspace. This is its text as last indexed.';
  return null;
}
