/**
 * Gives the browser its main thread back for a moment: what the page's start has queued (a paint, the
 * visitor's tap, the next chunk's evaluation) runs before the work after this. Loading and starting the
 * micro-frontends is a chain of promises; without a break the browser runs it as one long task (on a phone,
 * hundreds of milliseconds in which a tap does nothing). `scheduler.yield` where the browser has it (the
 * work after it keeps its place ahead of other tasks), else a macrotask through a MessageChannel (no 4 ms
 * timer clamp), else a timer (tests, old browsers).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    if (typeof MessageChannel === 'undefined') {
      setTimeout(resolve, 0);
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
