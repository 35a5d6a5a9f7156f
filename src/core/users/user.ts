import { FootnoteError, InvalidInputError } from '../errors.ts';

/**
 * What a user may do in their workspaces: a viewer reads and chats (no writes), a member also
 * writes, acting on their own edits only, an admin acts on everyone's (see `authorize-write.ts`).
 */
export type UserRole = 'viewer' | 'member' | 'admin';

/** The roles a user can be given, least power first, for parsing flags and request bodies. */
export const USER_ROLES: readonly UserRole[] = ['viewer', 'member', 'admin'];

/** The workspace id that stands for every workspace (the local user's membership). */
export const ALL_WORKSPACES = '*';

/** Who performs a write: enough to decide whether they may, and to record them on audit events. */
export interface Actor {
  readonly id: string;
  readonly name: string;
  readonly role: UserRole;
}

/** Someone who talks to the server; sessions and rate limits belong to a user. */
export interface User extends Actor {
  /** Workspace ids the user belongs to, sorted; `'*'` means every workspace. */
  readonly workspaces: readonly string[];
  readonly createdAt: string;
}

/** What it takes to add a user. */
export interface NewUser {
  readonly name: string;
  readonly role: UserRole;
  readonly workspaces: readonly string[];
}

/** Where users and their (hashed) tokens live, so the server can authenticate bearer tokens. */
export interface UserStore {
  /** Adds a user and returns the only copy of its token; throws {@link UserExistsError} on a taken name. */
  addUser(input: NewUser): Promise<{ user: User; token: string }>;
  /** The user a bearer token belongs to, or null for any token that is not one (never throws on junk). */
  findUserByToken(token: string): Promise<User | null>;
  /** Every user, oldest first. */
  listUsers(): Promise<User[]>;
  /** Gives the user of that name another role; throws {@link UserNotFoundError} for an unknown name. */
  setUserRole(name: string, role: UserRole): Promise<User>;
}

/** The single user of a server bound to loopback, where no token is asked for: admin of everything. */
export const LOCAL_USER: User = Object.freeze({
  id: 'local',
  name: 'local',
  role: 'admin',
  workspaces: Object.freeze([ALL_WORKSPACES]),
  createdAt: '1970-01-01T00:00:00.000Z',
});

/** Whether the user belongs to the workspace; membership alone decides (the admin role does not). */
export function canAccessWorkspace(user: User, workspaceId: string): boolean {
  return user.workspaces.includes(ALL_WORKSPACES) || user.workspaces.includes(workspaceId);
}

/** A user with that name already exists; names identify users on the command line. */
export class UserExistsError extends FootnoteError {
  readonly userName: string;

  constructor(name: string) {
    super('user_exists', `a user named ${JSON.stringify(name)} already exists`);
    this.name = 'UserExistsError';
    this.userName = name;
  }
}

/** No user has that name. */
export class UserNotFoundError extends FootnoteError {
  readonly userName: string;

  constructor(name: string) {
    super('user_not_found', `no user named ${JSON.stringify(name)}`);
    this.name = 'UserNotFoundError';
    this.userName = name;
  }
}

/** The roles as a reader expects them listed: "viewer, member or admin". */
export const USER_ROLE_LIST = `${USER_ROLES.slice(0, -1).join(', ')} or ${USER_ROLES.at(-1)}`;

/** Checks a role given as text (a flag, a body), naming the field when it is not one. */
export function parseUserRole(value: unknown): UserRole {
  if (!(USER_ROLES as readonly unknown[]).includes(value))
    throw new InvalidInputError('role', value, USER_ROLE_LIST);
  return value as UserRole;
}

const USER_NAME = /^[\p{L}\p{N}][\p{L}\p{N}._@-]{0,63}$/u;
const WORKSPACE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Checks and normalizes a new user (trimmed name, known role, deduplicated sorted workspaces), so every store accepts the same input. */
export function validateNewUser(input: NewUser): NewUser {
  const name = typeof input.name === 'string' ? input.name.trim() : input.name;
  if (typeof name !== 'string' || !USER_NAME.test(name)) {
    throw new InvalidInputError(
      'name',
      input.name,
      'a name of 1 to 64 letters, digits, ".", "_", "@" or "-", starting with a letter or digit',
    );
  }
  parseUserRole(input.role);
  if (!Array.isArray(input.workspaces) || input.workspaces.length === 0) {
    throw new InvalidInputError('workspaces', input.workspaces, 'at least one workspace id');
  }
  for (const id of input.workspaces) {
    if (typeof id !== 'string' || (id !== ALL_WORKSPACES && !WORKSPACE_ID.test(id))) {
      throw new InvalidInputError(
        'workspaces',
        id,
        `"${ALL_WORKSPACES}" or a workspace id of 1 to 64 letters, digits, ".", "_" or "-"`,
      );
    }
  }
  return { name, role: input.role, workspaces: [...new Set(input.workspaces)].sort() };
}
