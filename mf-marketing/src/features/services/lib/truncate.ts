/** The spec's card summary: at most `max` characters, then an ellipsis when anything was cut. */
export function truncate(text: string, max = 250): string {
  const chars = [...text.trim()];
  if (chars.length <= max) return chars.join('');
  return `${chars.slice(0, max).join('').trimEnd()}…`;
}
