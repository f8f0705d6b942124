/** The path part of a request URL, still percent-encoded. */
export function rawPathname(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/**
 * Turns a percent-encoded URL path (below some mount point) into a relative file path, or null when it could
 * reach outside its folder or name something that is never served. Each segment is decoded on its own, so
 * `%2e%2e` and `%2f` are judged after decoding; `.`/`..`, hidden files, empty segments, backslashes and NUL are
 * refused outright rather than normalised, which leaves nothing for a traversal to hide in.
 */
export function safeRelativePath(encoded: string): string | null {
  if (encoded === '') return '';
  const segments: string[] = [];
  for (const raw of encoded.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === '' || segment.startsWith('.') || /[/\\\0]/.test(segment)) return null;
    segments.push(segment);
  }
  return segments.join('/');
}

/** A file name for a flat upload folder: no separators, not hidden, not only dots. */
export function isSafeFileName(name: string): boolean {
  return name !== '' && !/^\.+$/.test(name) && !name.startsWith('.') && !/[/\\\0]/.test(name);
}

/** Whether a served file is content-hashed by Vite (any `assets/` folder on its path). */
export function isHashedAsset(relativePath: string): boolean {
  return relativePath.split('/').slice(0, -1).includes('assets');
}
