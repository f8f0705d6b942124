// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAsync } from './use-async';

/** Shows what the hook answers in each render, and writes each render's answer down. */
function Reader({ slug, seen }: { slug: string; seen: string[] }) {
  const state = useAsync(slug, async () => `post ${slug}`);
  const shown = state.status === 'success' ? state.data : state.status;
  seen.push(`${slug}: ${shown}`);
  return <p>{shown}</p>;
}

/** One post's read, its state shown. */
function Post({ load }: { load: () => Promise<string> }) {
  const state = useAsync('post', load);
  return <p>{state.status === 'success' ? state.data : state.status}</p>;
}

describe('useAsync', () => {
  it('never answers the previous key’s data for a new key, not even in the render where the key changes', async () => {
    const seen: string[] = [];
    const { rerender } = render(<Reader slug="one" seen={seen} />);
    expect((await screen.findByText('post one')).textContent).toBe('post one');
    await act(async () => rerender(<Reader slug="two" seen={seen} />));
    expect((await screen.findByText('post two')).textContent).toBe('post two');
    // A caller reading "success" in the first render for "two" would take post one for post two (a post page
    // comparing the post's slug with its address would send the reader back).
    expect(seen.filter((line) => line.startsWith('two:'))).not.toContain('two: post one');
    expect(seen).toContain('two: loading');
  });

  it('loads again when the connection comes back after a failure, even before the failure is shown', async () => {
    let calls = 0;
    render(
      <Post
        load={async () => {
          calls += 1;
          if (calls === 1) {
            // The connection is back the moment the first try fails: before React shows the failure.
            queueMicrotask(() => queueMicrotask(() => window.dispatchEvent(new Event('online'))));
            throw new TypeError('Failed to fetch');
          }
          return 'the post';
        }}
      />,
    );
    expect((await screen.findByText('the post')).textContent).toBe('the post');
    expect(calls).toBe(2);
  });

  it('does not load again when the connection comes back and nothing failed', async () => {
    let calls = 0;
    render(
      <Post
        load={async () => {
          calls += 1;
          return 'the post';
        }}
      />,
    );
    await screen.findByText('the post');
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await act(async () => undefined);
    expect(calls).toBe(1);
  });
});
