import type { ReactNode } from 'react';

/**
 * Text with the words a search found wrapped in <mark>: `ranges` are where they are ([start, end), in order),
 * as the API found them (core's highlightRanges). Everything is rendered as text: nothing from the server is
 * ever parsed as HTML.
 */
export function Highlight({ text, ranges }: { text: string; ranges: readonly [number, number][] }) {
  const pieces: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start < at || end <= start) continue;
    pieces.push(
      text.slice(at, start),
      <mark key={start} className="search-mark">
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  pieces.push(text.slice(at));
  return <>{pieces}</>;
}
