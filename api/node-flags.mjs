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
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=2'];
