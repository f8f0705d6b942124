import { readFile } from 'node:fs/promises';

/** Whether a process with this number exists (it may be another one than the caller thinks: see startOf). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When a process started (clock ticks since boot, from /proc on Linux), 'zombie' for one that has exited but
 * was not reaped yet, or null where that cannot be read. Tells a process from a later one that was given the
 * same number: pids are reused, and a restarted container counts from 1 again.
 */
export async function startOf(pid: number): Promise<string | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (stat === null) return null;
  // "pid (name) state ppid ... starttime ...": the name may hold spaces and parentheses, so count from its
  // end. starttime is the 22nd field, the 20th after the name.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (fields[0] === 'Z' || fields[0] === 'X') return 'zombie';
  return fields[19] ?? null;
}

/**
 * Whether the process `pid` that started at `start` (null: unknown) still runs. Without a start time, or on a
 * system without /proc, the number is all there is to go by.
 */
export async function sameProcess(pid: number, start: string | null): Promise<boolean> {
  if (!alive(pid)) return false;
  const now = await startOf(pid);
  if (now === 'zombie') return false;
  return start === null || now === null || now === start;
}
