/** What a statement does, by its first word: a label with a handful of values, never the statement itself. */
export type QueryOperation = 'select' | 'insert' | 'update' | 'delete' | 'other';

export type QueryObserver = (operation: QueryOperation, seconds: number) => void;

/**
 * Where the database's statements report how long they took (`/metrics`): one observer at most, set by the
 * metrics plugin. Without one, a statement costs a single check; with one, a clock read before and after.
 */
export class QueryTimes {
  observer: QueryObserver | null = null;

  /** Sets the observer; answers the function that removes it (if it is still the one set). */
  watch(observer: QueryObserver): () => void {
    this.observer = observer;
    return () => {
      if (this.observer === observer) this.observer = null;
    };
  }

  /**
   * Times `result` (a statement's answer) when someone observes, and answers it unchanged. `started` is
   * `performance.now()` taken just before the statement was sent.
   */
  time<T>(sql: unknown, started: number, result: Promise<T>): Promise<T> {
    const observer = this.observer;
    if (!observer) return result;
    const done = () => observer(operationOf(sql), (performance.now() - started) / 1000);
    result.then(done, done);
    return result;
  }
}

/** Statements as drivers hand them: the text, or pg's `{ text }` query config. */
function textOf(sql: unknown): string {
  if (typeof sql === 'string') return sql;
  const text = (sql as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
}

const KEYWORDS = (['select', 'insert', 'update', 'delete'] as const).map((keyword) => ({
  keyword,
  upper: keyword.toUpperCase(),
}));

/**
 * The operation of a statement from its first keyword, read in place (no copy of the text); drizzle writes
 * them in lower case, hand-written SQL often in capitals. Anything else (WITH, BEGIN, a migration) is `other`.
 */
export function operationOf(sql: unknown): QueryOperation {
  const text = textOf(sql);
  let start = 0;
  while (start < text.length && text.charCodeAt(start) <= 32) start++;
  for (const { keyword, upper } of KEYWORDS) {
    if (!text.startsWith(keyword, start) && !text.startsWith(upper, start)) continue;
    // The keyword alone, not the start of a longer word (`selected`): end of text, a space, `(`, `;`...
    const after = text[start + keyword.length];
    return after === undefined || !/[\w$]/.test(after) ? keyword : 'other';
  }
  return 'other';
}
