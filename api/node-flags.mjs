/**
 * The Node flags the server runs with, wherever it is started: `pnpm start` (the root package.json), this
 * package's `start`, the end-to-end suite's servers, `pnpm bench` and `pnpm bench:lighthouse`, and the resilience
 * tests. V8 sizes its heap as the process starts, so these are command-line flags (or NODE_OPTIONS for a process
 * started otherwise), not something the server could set for itself.
 *
 * `--max-semi-space-size=2` (MiB): V8's young generation, where new objects are made, doubles up to two
 * semi-spaces of 16 MiB each time enough of what it held survived, and never gives the pages back. The start
 * makes mostly objects that live as long as the process (modules, code, routes, schemas), which grew it to its
 * maximum, 30 of its 32 MiB empty, for good: a server ready on PGlite held 206 to 214 MB, 181 to 189 with this,
 * and after `pnpm bench`'s mixed load 321 to 354 MB against 264 to 268. A request's objects are small and short
 * lived: cached reads, pages and the mixed load measured the same within the machine's noise (README,
 * "Memory and start time").
 *
 * `--max-old-space-size=1024` (MiB): a ceiling for the old generation, where lasting objects live, of 1 GiB,
 * about twenty times what a server holds live after `pnpm bench`'s mixed load (50 MB, with its caches). V8 lets
 * the old generation grow to a multiple of what was live at its last full collection before the next one, and
 * picks that multiple from the ceiling: 4 with Node's default on a machine of several GiB (about 4 GiB), 1.6 with
 * 1 GiB. A load's garbage therefore waited in up to 140 MB of heap pages, and now in 70 to 80 MB: after the mixed
 * load a PGlite server held 246 to 264 MB instead of 250 to 308, a PostgreSQL one 154 to 163 instead of 177 to
 * 233, at the same throughput within the machine's noise. The read cache's cap is checked against this ceiling
 * (config.ts, READ_CACHE_BYTES).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=2', '--max-old-space-size=1024'];
