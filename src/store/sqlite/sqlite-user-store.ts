import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
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
import { inTransaction, PreparedStatements } from './prepared-statements.ts';

/** Every token starts with this, so a leaked one is recognizable (secret scanners, logs). */
export const TOKEN_PREFIX = 'fn_';

/** 32 random bytes in base64url are 43 characters; anything else cannot be a token. */
const TOKEN_SHAPE = /^fn_[A-Za-z0-9_-]{43}$/;

/** A new bearer token: 256 random bits, so a plain SHA-256 of it is safe to store (no salt or slow hash needed). */
export const generateToken = (): string =>
  `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

/** The hex SHA-256 of a token: the only form in which tokens are stored. */
export const hashToken = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');

interface UserRow {
  id: string;
  name: string;
  role: string;
  token_hash: string;
  created_at: string;
}

/** Options of {@link SqliteUserStore}; the clock is injectable for deterministic tests. */
export interface SqliteUserStoreOptions {
  readonly now?: () => Date;
}

/** Users, hashed tokens and workspace memberships in the workspace's SQLite file. */
export class SqliteUserStore implements UserStore {
  private readonly db: DatabaseSync;
  private readonly now: () => Date;
  private readonly statements: PreparedStatements;

  /** Shares the connection of the document store, so users live in the same database file. */
  constructor(db: DatabaseSync, options: SqliteUserStoreOptions = {}) {
    this.db = db;
    this.statements = new PreparedStatements(db);
    this.now = options.now ?? (() => new Date());
  }

  private sql(text: string): StatementSync {
    return this.statements.get(text);
  }

  private inTransaction<T>(work: () => T): T {
    return inTransaction(this.db, work);
  }

  private workspacesOf(userId: string): string[] {
    const rows = this.sql(
      'SELECT workspace_id FROM memberships WHERE user_id = ? ORDER BY workspace_id',
    ).all(userId) as unknown as Array<{ workspace_id: string }>;
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
    this.inTransaction(() => {
      // Checked inside the write transaction, so two concurrent adds cannot both pass.
      if (this.sql('SELECT 1 FROM users WHERE name = ?').get(name)) throw new UserExistsError(name);
      this.sql(
        'INSERT INTO users (id, name, role, token_hash, created_at) VALUES (?, ?, ?, ?, ?)',
      ).run(user.id, user.name, user.role, hashToken(token), user.createdAt);
      const member = this.sql('INSERT INTO memberships (user_id, workspace_id) VALUES (?, ?)');
      for (const workspaceId of workspaces) member.run(user.id, workspaceId);
    });
    return { user, token };
  }

  async findUserByToken(token: string): Promise<User | null> {
    if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return null;
    const hash = hashToken(token);
    const row = this.sql('SELECT * FROM users WHERE token_hash = ?').get(hash) as
      | UserRow
      | undefined;
    if (!row) return null;
    // The indexed lookup compares hashes, which leak nothing useful about the token; the
    // constant-time compare only guards against a row that is not what the index promised.
    const stored = Buffer.from(row.token_hash, 'hex');
    const expected = Buffer.from(hash, 'hex');
    if (stored.length !== expected.length || !timingSafeEqual(stored, expected)) return null;
    return this.toUser(row, this.workspacesOf(row.id));
  }

  async listUsers(): Promise<User[]> {
    const rows = this.sql(
      'SELECT * FROM users ORDER BY created_at, name',
    ).all() as unknown as UserRow[];
    const memberships = this.sql(
      'SELECT user_id, workspace_id FROM memberships ORDER BY user_id, workspace_id',
    ).all() as unknown as Array<{ user_id: string; workspace_id: string }>;
    const byUser = new Map<string, string[]>();
    for (const m of memberships) {
      const list = byUser.get(m.user_id) ?? [];
      list.push(m.workspace_id);
      byUser.set(m.user_id, list);
    }
    return rows.map((row) => this.toUser(row, byUser.get(row.id) ?? []));
  }

  async setUserRole(name: string, role: UserRole): Promise<User> {
    const checked = parseUserRole(role);
    const row = this.inTransaction(() => {
      // Names are unique without regard to case, as they are when added.
      const found = this.sql('SELECT * FROM users WHERE name = ? COLLATE NOCASE').get(
        typeof name === 'string' ? name.trim() : '',
      ) as UserRow | undefined;
      if (!found) throw new UserNotFoundError(name);
      this.sql('UPDATE users SET role = ? WHERE id = ?').run(checked, found.id);
      return { ...found, role: checked };
    });
    return this.toUser(row, this.workspacesOf(row.id));
  }
}
