import { ASSIGNABLE_ROLES } from '@agency/core/roles';
import { normalizeEmail } from '../lib/users';

type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const USAGE = `Usage: pnpm --filter @agency/api editor:create --email <address> [--name <name>] [--role <role>]

Creates an editor account in the database the server uses (DATA_DIR or DATABASE_URL, as for the server).
--role is administrator (the default), editor or author; the very first account becomes the owner.
The password (12 to 1024 characters) is read from EDITOR_PASSWORD, else from standard input:
  printf '%s\\n' "$PASSWORD" | pnpm --filter @agency/api editor:create --email editor@example.com
or typed at the prompt when run in a terminal. An existing account is never changed.
With the embedded database, stop the server first: one process at a time may open it.`;

export interface Args {
  email: string;
  name: string;
  role: AssignableRole;
}

/** Reads --email, --name and --role (as `--x value` or `--x=value`); refuses --password and anything unknown. */
export function parseArgs(argv: readonly string[]): Args | { error: string } | { help: true } {
  const values: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') return { help: true };
    const match = /^--([a-z-]+)(?:=(.*))?$/s.exec(arg);
    if (!match) return { error: `unexpected argument: ${arg}` };
    const [, key = '', inline] = match;
    if (key === 'password') {
      return {
        error: 'a password is never taken from the command line: use EDITOR_PASSWORD or standard input',
      };
    }
    if (key !== 'email' && key !== 'name' && key !== 'role') return { error: `unknown option --${key}` };
    const value = inline ?? argv[++i];
    if (value === undefined) return { error: `--${key} needs a value` };
    values[key] = value;
  }
  if (!values.email) return { error: '--email is required' };
  const role = values.role ?? 'administrator';
  if (!(ASSIGNABLE_ROLES as readonly string[]).includes(role)) {
    return { error: `--role must be one of ${ASSIGNABLE_ROLES.join(', ')}, got ${role}` };
  }
  const email = normalizeEmail(values.email);
  return { email, name: values.name ?? email.split('@')[0] ?? email, role: role as AssignableRole };
}
