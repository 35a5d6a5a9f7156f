import { describe, expect, it } from 'vitest';
import { documentNotice } from './document-notice.ts';

describe('documentNotice', () => {
  it("prefers what the link says, then the document's own status", () => {
    expect(documentNotice({ notice: 'Deleted since this message was sent.' }, 'deleted')).toBe(
      'Deleted since this message was sent.',
    );
    expect(documentNotice({}, 'archived')).toBe('This document is archived.');
    expect(documentNotice({ notice: null }, 'deleted')).toMatch(/as last indexed/);
    expect(documentNotice({}, 'active')).toBeNull();
    expect(documentNotice({}, null)).toBeNull();
  });
});
