import { afterEach, describe, expect, it } from 'vitest';
import { CONTENT_TOO_DEEP, MAX_CONTENT_DEPTH, sanitizePostContent } from './sanitize';
import { type ContentSanitizer, createContentSanitizer, INLINE_CONTENT_CHARS } from './sanitize-pool';

describe('createContentSanitizer', () => {
  let sanitizer: ContentSanitizer | undefined;
  afterEach(async () => {
    await sanitizer?.close();
  });

  it('cleans short content on the main thread, as sanitizePostContent does', async () => {
    sanitizer = createContentSanitizer();
    const html = '<p onclick="x()">short<script>y</script></p>';
    expect(await sanitizer.sanitize(html)).toEqual({ ok: true, html: '<p>short</p>' });
    expect(sanitizer.pooled).toBe(0);
  });

  it('cleans long content on a worker thread with the same result', async () => {
    sanitizer = createContentSanitizer();
    const html =
      '<ul><li data-list="bullet"><a href="javascript:x()">a</a><img src="http://x/y.png"></li></ul>'.repeat(
        Math.ceil(INLINE_CONTENT_CHARS / 50),
      );
    expect(html.length).toBeGreaterThan(INLINE_CONTENT_CHARS);
    const result = await sanitizer.sanitize(html);
    expect(sanitizer.pooled).toBe(1);
    expect(result).toEqual(sanitizePostContent(html));
    expect(result).toEqual({
      ok: true,
      html: '<ul><li data-list="bullet"><a>a</a></li></ul>'.repeat(Math.ceil(INLINE_CONTENT_CHARS / 50)),
    });
  });

  it('answers content nested too deep with its key from the worker thread too', async () => {
    sanitizer = createContentSanitizer();
    const html = '<ul><li>'.repeat(MAX_CONTENT_DEPTH) + 'x'.repeat(INLINE_CONTENT_CHARS);
    expect(await sanitizer.sanitize(html)).toEqual({ ok: false, key: CONTENT_TOO_DEEP });
    expect(sanitizer.pooled).toBe(1);
  });

  it('refuses long content once closed, and still cleans short content', async () => {
    sanitizer = createContentSanitizer();
    await sanitizer.close();
    await expect(sanitizer.sanitize('x'.repeat(INLINE_CONTENT_CHARS + 1))).rejects.toThrow(/closed/);
    expect(await sanitizer.sanitize('<p>x</p>')).toEqual({ ok: true, html: '<p>x</p>' });
  });
});
