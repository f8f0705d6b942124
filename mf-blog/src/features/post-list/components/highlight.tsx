import { highlightParts } from '@agency/core/rules';

/**
 * Text with the words a search found wrapped in <mark> (core's highlightParts decides, as the database
 * compares words). Everything is rendered as text: nothing from the server is ever parsed as HTML.
 */
export function Highlight({ text, terms }: { text: string; terms: readonly string[] }) {
  return (
    <>
      {highlightParts(text, terms).map((part, index) =>
        part.mark ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, in order, never reordered.
          <mark key={index} className="search-mark">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
