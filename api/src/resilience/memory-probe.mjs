// Loaded into a test's server process (node --expose-gc --import): on SIGUSR2 it collects all garbage and
// prints the memory the process still holds, so a test measures what requests left behind, not the garbage a
// busy machine had no time to collect yet. Never part of the server itself.
process.on('SIGUSR2', () => {
  globalThis.gc?.();
  globalThis.gc?.();
  const { heapUsed, external, rss } = process.memoryUsage();
  process.stdout.write(`[memory] ${JSON.stringify({ heapUsed, external, rss })}\n`);
});
