import { describe, expect, it } from 'vitest';
import type { EditJson } from '../api/types.ts';
import { editableTurn } from './editable-question.ts';
import type { ViewMessage } from './view-message.ts';

const message = (id: string, role: 'user' | 'assistant', over: Partial<ViewMessage> = {}) =>
  ({ id, role, content: id, status: 'complete', edits: [], ...over }) as unknown as ViewMessage;

describe('editableTurn', () => {
  it('offers the last question with its finished answer', () => {
    const list = [
      message('q1', 'user'),
      message('a1', 'assistant'),
      message('q2', 'user'),
      message('a2', 'assistant', { status: 'failed' }),
    ];
    expect(editableTurn(list)).toEqual({ question: list[2], answer: list[3] });
  });

  it('offers nothing while an answer streams, before the server stored it, or after its edit was applied', () => {
    expect(editableTurn([])).toBeNull();
    expect(
      editableTurn([message('q', 'user'), message('a', 'assistant', { status: 'streaming' })]),
    ).toBeNull();
    expect(
      editableTurn([message('local-1', 'user'), message('pending-1', 'assistant')]),
    ).toBeNull();
    const applied = { status: 'applied' } as EditJson;
    expect(
      editableTurn([message('q', 'user'), message('a', 'assistant', { edits: [applied] })]),
    ).toBeNull();
    const proposed = { status: 'proposed' } as EditJson;
    expect(
      editableTurn([message('q', 'user'), message('a', 'assistant', { edits: [proposed] })]),
    ).not.toBeNull();
  });
});
