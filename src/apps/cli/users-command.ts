import { type Command, InvalidArgumentError } from 'commander';
import { USER_ROLE_LIST, USER_ROLES, type User, type UserRole } from '../../core/index.ts';
import { type CommonOptions, withCommonOptions, withWorkspace, writeJson } from './cli-options.ts';
import { style } from './format-output.ts';

/** The workspace id `footnote serve` gives its `--workspace` folder, so a plain `users add` can use it. */
const DEFAULT_WORKSPACE_ID = 'default';

const parseRole = (value: string): UserRole => {
  if (!(USER_ROLES as readonly string[]).includes(value))
    throw new InvalidArgumentError(`expected ${USER_ROLE_LIST}, got ${JSON.stringify(value)}`);
  return value as UserRole;
};

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** One line per user: name, role, workspaces, when added. */
export function formatUsers(users: readonly User[], stream: NodeJS.WriteStream): string {
  const s = style(stream);
  if (users.length === 0) return 'No users yet (add one with: footnote users add NAME).';
  return users
    .map(
      (u) =>
        `${s.bold(u.name)}  ${u.role}  ${u.workspaces.join(', ')}  ${s.dim(`added ${u.createdAt}`)}`,
    )
    .join('\n');
}

/** Adds `footnote users add|list|set-role`: the server's users and bearer tokens, kept in the workspace database. */
export function registerUsersCommands(program: Command): void {
  const users = program
    .command('users')
    .description(
      'add or list the users of `footnote serve`, or change their role (tokens are stored hashed)',
    );

  withCommonOptions(users.command('add'))
    .description('add a user and print their bearer token, once')
    .argument('<name>', 'the user name (letters, digits, ".", "_", "@", "-")')
    .option(
      '--workspace-id <id>',
      `id of a workspace the user may use; repeatable; "*" means every workspace (default: "${DEFAULT_WORKSPACE_ID}", the folder \`footnote serve\` serves). Distinct from --workspace, which names the folder`,
      collect,
    )
    .option(
      '--role <role>',
      `${USER_ROLE_LIST}: a viewer reads and chats, a member also edits (and takes back only their own edits), an admin acts on everyone's`,
      parseRole,
      'member' as UserRole,
    )
    .action(
      async (name: string, options: CommonOptions & { workspaceId?: string[]; role: UserRole }) => {
        await withWorkspace(options, async (ws) => {
          const { user, token } = await ws.users.addUser({
            name,
            role: options.role,
            workspaces: options.workspaceId ?? [DEFAULT_WORKSPACE_ID],
          });
          if (options.json) {
            writeJson({ user, token });
            return;
          }
          const s = style(process.stderr);
          process.stderr.write(
            `${s.green(`Added ${user.role} ${user.name}`)} ${s.dim(`(workspaces: ${user.workspaces.join(', ')})`)}\n`,
          );
          process.stdout.write(
            `Token for ${user.name} (keep it; it is not shown again): ${token}\n`,
          );
        });
      },
    );

  withCommonOptions(users.command('list'))
    .description('list users, oldest first (never their tokens)')
    .action(async (options: CommonOptions) => {
      await withWorkspace(options, async (ws) => {
        const list = await ws.users.listUsers();
        if (options.json) writeJson({ users: list });
        else process.stdout.write(`${formatUsers(list, process.stdout)}\n`);
      });
    });

  withCommonOptions(users.command('set-role'))
    .description("change a user's role; it applies to their next request (tokens stay valid)")
    .argument('<name>', 'the user name')
    .argument('<role>', USER_ROLE_LIST, parseRole)
    .action(async (name: string, role: UserRole, options: CommonOptions) => {
      await withWorkspace(options, async (ws) => {
        const user = await ws.users.setUserRole(name, role);
        if (options.json) writeJson({ user });
        else
          process.stderr.write(
            `${style(process.stderr).green(`${user.name} is now ${user.role}`)}\n`,
          );
      });
    });
}
