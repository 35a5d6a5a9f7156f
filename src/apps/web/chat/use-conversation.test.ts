import { describe, expect, it } from 'vitest';
import type { ReferenceJson } from '../api/types.ts';
import { optionsOf } from './use-conversation.ts';
import type { ViewMessage } from './view-message.ts';

const reference = (path: string, permission: ReferenceJson['permission']): ReferenceJson =>
  ({
    raw: `[[${path}]]`,
    origin: 'user',
    status: 'resolved',
    permission,
    target: { path },
  }) as unknown as ReferenceJson;

const question = (references: ReferenceJson[]): ViewMessage =>
  ({ id: 'u1', role: 'user', content: 'q', references }) as unknown as ViewMessage;

describe('optionsOf (retrying a stored turn)', () => {
  it('retries a turn with only read references in chat mode', () => {
    expect(optionsOf(question([reference('a.md', 'read')]))).toEqual({ mode: 'chat' });
    expect(optionsOf(question([]))).toEqual({ mode: 'chat' });
  });

  it('retries a turn that granted write or insert as a previewed agent turn with those permissions', () => {
    expect(
      optionsOf(
        question([
          reference('a.md', 'write'),
          reference('b.md', 'read'),
          reference('c.md', 'insert'),
        ]),
      ),
    ).toEqual({
      mode: 'agent',
      dryRun: true,
      permissions: [
        { path: 'a.md', permission: 'write' },
        { path: 'c.md', permission: 'insert' },
      ],
    });
  });
});
