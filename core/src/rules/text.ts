/** Cuts text to `max` characters and adds an ellipsis when it was longer (the spec: 250 + '...'). */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}...` : text;
}
