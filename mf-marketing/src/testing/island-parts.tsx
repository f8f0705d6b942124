import { useState } from 'react';

/** A part with a control: its count moves only once it is hydrated. */
export function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  );
}

/**
 * The server's markup of `<Counter label={label} />` as a part (island.server.test.tsx checks that the
 * server writes exactly this). Server and browser renderers in one test would share React's context values.
 */
export function serverMarkup(label: string): string {
  return `<div class="island"><!--$--><button type="button">${label}<!-- --> <!-- -->0</button><!--/$--></div>`;
}
