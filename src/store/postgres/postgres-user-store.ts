import { randomUUID, timingSafeEqual } from 'node:crypto';
import {
  type NewUser,
  parseUserRole,
  type User,
  UserExistsError,
  UserNotFoundError,
  type UserRole,
  type UserStore,
  validateNewUser,
} from '../../core/index.ts';
import { generateToken, hashToken, TOKEN_PREFIX } from '../sqlite/sqlite-user-store.ts';
import type { PostgresDatabase } from './postgres-database.ts';

/** 32 random bytes in base64url are 43 characters; anything else cannot be a token. */
const TOKEN_SHAPE = new RegExp(`^${TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

interface UserRow {
  id: string;
  name: string;
  role: string;
  token_hash: string;
  created_at: string;
}

/** Users, hashed tokens and memberships of one workspace (the main one of a server) in PostgreSQL. */
export class PostgresUserStore implements UserStore {
  private readonly db: PostgresDatabase;
  private readonly now: () => Date;

  /** Shares the handle of the document store; the clock is injectable for deterministic tests. */
  constructor(db: PostgresDatabase, options: { readonly now?: () => Date } = {}) {
    this.db = db;
    this.now = options.now ?? (() => new Date());
  }

  private get ws() {
    return this.db.ws;
  }

  private async workspacesOf(userId: string): Promise<string[]> {
    const { rows } = await this.db.query<{ workspace_id: string }>(
      'SELECT workspace_id FROM memberships WHERE ws = $1 AND user_id = $2 ORDER BY workspace_id COLLATE "C"',
      [this.ws, userId],
    );
    return rows.map((r) => r.workspace_id);
  }

  private toUser(row: UserRow, workspaces: readonly string[]): User {
    return {
      id: row.id,
      name: row.name,
      role: row.role as UserRole,
      workspaces,
      createdAt: row.created_at,
    };
  }

  async addUser(input: NewUser): Promise<{ user: User; token: string }> {
    const { name, role, workspaces } = validateNewUser(input);
    const token = generateToken();
    const user: User = {
      id: randomUUID(),
      name,
      role,
      workspaces,
      createdAt: this.now().toISOString(),
    };
    await this.db.transaction(async () => {
      // The unique index on the lower-cased name settles two concurrent adds; this check names the error.
      const taken = await this.db.query(
        'SELECT 1 FROM users WHERE ws = $1 AND lower(name) = lower($2)',
        [this.ws, name],
      );
      if (taken.rows.length > 0) throw new UserExistsError(name);
      try {
        await this.db.query(
          'INSERT INTO users (ws, id, name, role, token_hash, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
          [this.ws, user.id, user.name, user.role, hashToken(token), user.createdAt],
        );
      } catch (error) {
        if ((error as { code?: string }).code === '23505') throw new UserExistsError(name);
        throw error;
      }
      for (const workspaceId of workspaces) {
        await this.db.query(
          'INSERT INTO memberships (ws, user_id, workspace_id) VALUES ($1, $2, $3)',
          [this.ws, user.id, workspaceId],
        );
      }
    });
    return { user, token };
  }

  async findUserByToken(token: string): Promise<User | null> {
    if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return null;
    const hash = hashToken(token);
    const { rows } = await this.db.query<UserRow>(
      'SELECT * FROM users WHERE ws = $1 AND token_hash = $2',
      [this.ws, hash],
    );
    const row = rows[0];
    if (!row) return null;
    const stored = Buffer.from(row.token_hash, 'hex');
    const expected = Buffer.from(hash, 'hex');
    if (stored.length !== expected.length || !timingSafeEqual(stored, expected)) return null;
    return this.toUser(row, await this.workspacesOf(row.id));
  }

  async listUsers(): Promise<User[]> {
    const { rows } = await this.db.query<UserRow>(
      'SELECT * FROM users WHERE ws = $1 ORDER BY created_at, name COLLATE "C"',
      [this.ws],
    );
    const memberships = await this.db.query<{ user_id: string; workspace_id: string }>(
      `SELECT user_id, workspace_id FROM memberships WHERE ws = $1
       ORDER BY user_id COLLATE "C", workspace_id COLLATE "C"`,
      [this.ws],
    );
    const byUser = new Map<string, string[]>();
    for (const m of memberships.rows) {
      const list = byUser.get(m.user_id) ?? [];
      list.push(m.workspace_id);
      byUser.set(m.user_id, list);
    }
    return rows.map((row) => this.toUser(row, byUser.get(row.id) ?? []));
  }

  async setUserRole(name: string, role: UserRole): Promise<User> {
    const checked = parseUserRole(role);
    const row = await this.db.transaction(async () => {
      const { rows } = await this.db.query<UserRow>(
        'SELECT * FROM users WHERE ws = $1 AND lower(name) = lower($2) FOR UPDATE',
        [this.ws, typeof name === 'string' ? name.trim() : ''],
      );
      const found = rows[0];
      if (!found) throw new UserNotFoundError(name);
      await this.db.query('UPDATE users SET role = $2 WHERE ws = $1 AND id = $3', [
        this.ws,
        checked,
        found.id,
      ]);
      return { ...found, role: checked };
    });
    return this.toUser(row, await this.workspacesOf(row.id));
  }
}
