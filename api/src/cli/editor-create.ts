// `pnpm --filter @agency/api editor:create --email <address> [--name <name>] [--role <role>]`: adds an
// editor account (an administrator unless --role says editor or author; the first account is the owner).
// The password comes from EDITOR_PASSWORD or standard input, never from the command line, where it would
// be kept in shell history and shown to every user of the machine by `ps`.
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { ConfigError, loadConfig } from '../config';
import { createDb, targetFromConfig } from '../db/client';
import { accountProblem, createEditor } from '../lib/users';
import { parseArgs, USAGE } from './editor-args';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  // The first line: `echo`/`printf` end it with a newline that is not part of the password.
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

/** Asks on the terminal without echoing what is typed. */
async function prompt(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  process.stderr.write(question);
  muted = true;
  const answer = await new Promise<string>((resolve) => rl.question('', resolve));
  rl.close();
  process.stderr.write('\n');
  return answer;
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.EDITOR_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) return readStdin();
  const first = await prompt('Password: ');
  const second = await prompt('Password again: ');
  if (first !== second) throw new Error('the two passwords differ');
  return first;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if ('help' in args) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if ('error' in args) {
    process.stderr.write(`${args.error}\n\n${USAGE}\n`);
    return 2;
  }
  // The server's settings, without the first-editor variables (this command is how further ones are made).
  const { EDITOR_EMAIL: _email, EDITOR_PASSWORD: _password, EDITOR_NAME: _name, ...env } = process.env;
  // pnpm runs package scripts in the package folder; a relative DATA_DIR means the caller's folder.
  const config = loadConfig(env, process.env.INIT_CWD ?? process.cwd());
  const password = await readPassword();
  const problem = await accountProblem({ email: args.email, name: args.name, password }, config.site.name);
  if (problem) {
    process.stderr.write(`Not created: ${problem}.\n`);
    return 1;
  }

  const handle = await createDb(targetFromConfig(config));
  try {
    await handle.migrate();
    const account = { email: args.email, name: args.name, password, role: args.role };
    const created = await createEditor(handle.db, account, config.site.name);
    if (!created) {
      process.stderr.write(`An editor with the e-mail ${args.email} exists already; nothing was changed.\n`);
      return 1;
    }
    process.stdout.write(`Created the editor ${created.email} (${created.name}), ${created.role}.\n`);
    return 0;
  } finally {
    await handle.close();
  }
}

try {
  process.exitCode = await main();
} catch (err) {
  process.stderr.write(`${err instanceof ConfigError || err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
}
