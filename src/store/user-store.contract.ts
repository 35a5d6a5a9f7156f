import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UserExistsError, UserNotFoundError, type UserStore } from '../core/index.ts';

/**
 * The behaviour every UserStore adapter owes, as one suite: run it against each adapter so they
 * cannot drift apart. `open` gets a clock that ticks one second per call.
 */
export function describeUserStore(
  name: string,
  open: (now: () => Date) => Promise<{ store: UserStore; cleanup(): Promise<void> }>,
) {
  describe(`UserStore contract: ${name}`, () => {
    let store: UserStore;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      let clock = Date.parse('2026-01-01T00:00:00.000Z');
      ({ store, cleanup } = await open(() => {
        clock += 1000;
        return new Date(clock);
      }));
    });
    afterEach(async () => {
      await cleanup();
    });

    it('adds users with fn_ tokens and finds each by its token, with its memberships', async () => {
      const a = await store.addUser({
        name: 'alice',
        role: 'member',
        workspaces: ['r', 'default'],
      });
      const b = await store.addUser({ name: 'bob', role: 'viewer', workspaces: ['default'] });
      expect(a.token).toMatch(/^fn_[A-Za-z0-9_-]{43}$/);
      expect(a.token).not.toBe(b.token);
      expect(await store.findUserByToken(a.token)).toEqual({
        ...a.user,
        workspaces: ['default', 'r'],
        createdAt: '2026-01-01T00:00:01.000Z',
      });
      expect((await store.findUserByToken(b.token))?.name).toBe('bob');
    });

    it('refuses a taken name whatever its case, and answers junk tokens with null', async () => {
      await store.addUser({ name: 'alice', role: 'member', workspaces: ['default'] });
      await expect(
        store.addUser({ name: 'ALICE', role: 'admin', workspaces: ['default'] }),
      ).rejects.toBeInstanceOf(UserExistsError);
      for (const junk of ['', 'fn_', `fn_${'a'.repeat(43)}`, 'Bearer x', `fn_${'a'.repeat(44)}`]) {
        expect(await store.findUserByToken(junk)).toBeNull();
      }
    });

    it('lists users oldest first and changes a role by name', async () => {
      await store.addUser({ name: 'carol', role: 'member', workspaces: ['default'] });
      await store.addUser({ name: 'alice', role: 'member', workspaces: ['research'] });
      expect((await store.listUsers()).map((u) => [u.name, u.workspaces])).toEqual([
        ['carol', ['default']],
        ['alice', ['research']],
      ]);
      expect(await store.setUserRole('Carol', 'admin')).toMatchObject({
        name: 'carol',
        role: 'admin',
        workspaces: ['default'],
      });
      expect((await store.listUsers())[0]?.role).toBe('admin');
      await expect(store.setUserRole('nobody', 'admin')).rejects.toBeInstanceOf(UserNotFoundError);
    });
  });
}
