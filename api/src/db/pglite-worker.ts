// The embedded database's thread (see PgliteThread in pglite.ts): PGlite runs every query synchronously inside
// WebAssembly, so on the main thread each query stopped every request for as long as it ran. Here it runs
// beside the event loop, which keeps answering (pages and answers from memory, other work) meanwhile.
import v8 from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { ThreadReply, ThreadRequest, ThreadStart } from './pglite';

if (!parentPort) throw new Error('pglite-worker.ts runs as a worker thread');
const port = parentPort;
const { dataDir, startParams, image } = workerData as ThreadStart;

/** The fields of PGlite's DatabaseError (and any error's) that callers read: sent back as they are. */
const ERROR_FIELDS = [
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
] as const;

function errorFields(err: unknown): Extract<ThreadReply, { error: unknown }>['error'] {
  const e = (err ?? {}) as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const field of ERROR_FIELDS) {
    const value = e[field];
    if (typeof value === 'string' || typeof value === 'number') fields[field] = value;
  }
  return {
    name: typeof e.name === 'string' ? e.name : 'Error',
    message: typeof e.message === 'string' ? e.message : String(err),
    fields,
  };
}

const send = (reply: ThreadReply) => port.postMessage(reply);
const fail = (id: number, err: unknown) => send({ id, error: errorFields(err) });

const keepAsText = (value: string) => value;

/**
 * PGlite's WebAssembly (9 MB of it) runs on V8's baseline compiler (Liftoff) alone. By default V8 also recompiles
 * the busiest functions with its optimizing compiler in background threads, whose working memory stayed with the
 * process: 55 to 60 MB more, about a quarter of what the whole server may hold (200 MB). A site's queries are
 * small: in a tight loop they took about 1.5 times as long, and under pnpm bench's mixed load PGlite's p99 stayed
 * within its target (twice PostgreSQL's). The flag is the process's, read when WebAssembly is compiled, and
 * nothing else in the server compiles any.
 */
v8.setFlagsFromString('--liftoff-only');

let pg: PGlite;
try {
  pg =
    dataDir === null
      ? new PGlite({ startParams, ...(image ? { loadDataDir: new Blob([image]) } : {}) })
      : new PGlite(dataDir, { startParams });
  await pg.waitReady;
} catch (err) {
  fail(0, err);
  process.exit(1);
}
send({ id: 0, ok: true });

/** Transactions open now, by the id of the request that began them. */
const transactions = new Map<number, { tx: Transaction; end(commit: boolean, replyTo: number): void }>();
const listening = new Map<string, () => Promise<void>>();
/** A rollback asked for: the transaction's callback throws it, and it is not an error to report. */
const ROLLBACK = Symbol('rollback');

function target(tx: number | null): PGlite | Transaction {
  if (tx === null) return pg;
  const open = transactions.get(tx);
  if (!open) throw new Error('the transaction has ended');
  return open.tx;
}

function begin(id: number): void {
  let opened = false;
  let endReply = 0;
  pg.transaction(async (tx) => {
    const commit = await new Promise<boolean>((resolve) => {
      transactions.set(id, {
        tx,
        end(commit, replyTo) {
          endReply = replyTo;
          resolve(commit);
        },
      });
      opened = true;
      send({ id, ok: true });
    });
    if (!commit) throw ROLLBACK;
  }).then(
    () => {
      transactions.delete(id);
      send({ id: endReply, ok: true });
    },
    (err) => {
      transactions.delete(id);
      if (!opened) fail(id, err);
      else if (err === ROLLBACK) send({ id: endReply, ok: true });
      else fail(endReply, err);
    },
  );
}

async function handle(request: ThreadRequest): Promise<void> {
  const { id } = request;
  try {
    switch (request.op) {
      case 'query': {
        const parsers = Object.fromEntries(request.textTypes.map((type) => [type, keepAsText]));
        const result = await target(request.tx).query(request.sql, request.params, {
          rowMode: request.rowMode,
          parsers,
        });
        send({ id, ok: true, result });
        return;
      }
      case 'exec': {
        send({ id, ok: true, result: await target(request.tx).exec(request.sql) });
        return;
      }
      case 'begin':
        begin(id);
        return;
      case 'end': {
        const open = transactions.get(request.tx);
        if (!open) throw new Error('the transaction has ended');
        open.end(request.commit, id);
        return;
      }
      case 'listen': {
        const stop = await pg.listen(request.channel, (payload) =>
          send({ id: -1, notify: { channel: request.channel, payload } }),
        );
        listening.set(request.channel, stop);
        send({ id, ok: true });
        return;
      }
      case 'unlisten': {
        await listening.get(request.channel)?.();
        listening.delete(request.channel);
        send({ id, ok: true });
        return;
      }
      case 'close': {
        await pg.close();
        send({ id, ok: true });
        port.close();
        return;
      }
    }
  } catch (err) {
    fail(id, err);
  }
}

port.on('message', (request: ThreadRequest) => {
  void handle(request);
});
