// `pnpm dev`: the API (restarts on change), every remote's Vite dev server (hot reload) and root-config's dev
// server (with the shell, which it bundles), together. Open http://localhost:5100. Ctrl+C stops them all.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const API_PORT = process.env.API_PORT ?? '8080';

const tasks = [
  { name: 'api', cwd: 'api', cmd: ['pnpm', 'run', 'dev'], env: { PORT: API_PORT } },
  { name: 'marketing', cwd: 'mf-marketing', cmd: ['pnpm', 'run', 'dev'] },
  { name: 'blog', cwd: 'mf-blog', cmd: ['pnpm', 'run', 'dev'] },
  { name: 'admin', cwd: 'mf-admin', cmd: ['pnpm', 'run', 'dev'] },
  { name: 'root', cwd: 'root-config', cmd: ['pnpm', 'run', 'dev'], env: { API_PORT } },
];

const children = tasks.map((task) => {
  const [cmd, ...args] = task.cmd;
  const child = spawn(cmd, args, {
    cwd: join(root, task.cwd),
    env: { ...process.env, ...task.env, FORCE_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // own process group, so stopping it also stops the tools it starts
  });
  const prefix = `[${task.name}]`.padEnd(12);
  for (const stream of [child.stdout, child.stderr]) {
    let buffer = '';
    stream.on('data', (chunk) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) console.log(`${prefix}${line}`);
    });
  }
  child.on('exit', (code) => console.log(`${prefix}exited with ${code}`));
  return child;
});

console.log('Site: http://localhost:5100  (API on port %s)', API_PORT);

function stop() {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
