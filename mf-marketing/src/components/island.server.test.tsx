// @vitest-environment node

import { type ServerRender, ServerRenderContext } from '@agency/core';
import { prerenderToNodeStream } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { Counter, serverMarkup } from '../testing/island-parts';
import { island } from './island';

/** The markup the server writes (its render context tells the parts they are on the server). */
async function render(node: React.ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <ServerRenderContext.Provider value={{} as ServerRender}>{node}</ServerRenderContext.Provider>,
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return html;
}

describe('island on the server', () => {
  it('renders in full, its code waited for, inside its wrapper and a Suspense boundary', async () => {
    const Chunked = island(() => Promise.resolve(Counter));
    const Bundled = island({ component: Counter }, 'interaction');
    // What the browser's tests hydrate.
    expect(await render(<Chunked label="Plans" />)).toBe(serverMarkup('Plans'));
    expect(await render(<Bundled label="About" />)).toBe(serverMarkup('About'));
  });
});
