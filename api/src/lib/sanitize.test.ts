import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_TOO_DEEP,
  ContentTooDeepError,
  createRenderSanitizer,
  MAX_CONTENT_DEPTH,
  type SanitizedContent,
  sanitizePostContent,
  sanitizePostHtml,
} from './sanitize';

const OWN = '/storage/poster_images/0123456789abcdef0123456789abcdef.webp';

/** Every tag in the output with its attribute names, read with a plain scanner (the output is well-formed). */
function tagsOf(html: string): { tag: string; attributes: Record<string, string> }[] {
  const tags: { tag: string; attributes: Record<string, string> }[] = [];
  for (const match of html.matchAll(/<([a-z0-9]+)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>/gi)) {
    const attributes: Record<string, string> = {};
    for (const attr of (match[2] ?? '').matchAll(/([^\s=>/]+)(?:="([^"]*)")?/g)) {
      attributes[(attr[1] ?? '').toLowerCase()] = attr[2] ?? '';
    }
    tags.push({ tag: (match[1] ?? '').toLowerCase(), attributes });
  }
  return tags;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;/gi, '\t')
    .replace(/&newline;/gi, '\n')
    .replace(/&amp;/g, '&');
}

/** What must never survive: an element outside the allow-list, an event handler, a script-capable URL. */
function assertSafe(html: string): void {
  // Every '<' left must open a tag the scanner below reads (text is escaped), so nothing slips past it.
  const scanned = tagsOf(html).length;
  expect((html.match(/<(?!\/)/g) ?? []).length).toBe(scanned);
  const allowed = new Set([
    'h1',
    'h2',
    'h3',
    'p',
    'br',
    'strong',
    'em',
    'u',
    's',
    'ol',
    'ul',
    'li',
    'a',
    'img',
  ]);
  for (const { tag, attributes } of tagsOf(html)) {
    expect(allowed.has(tag), `tag <${tag}> in ${html}`).toBe(true);
    for (const [name, value] of Object.entries(attributes)) {
      expect(name.startsWith('on'), `attribute ${name} in ${html}`).toBe(false);
      expect(['href', 'src', 'alt', 'target', 'rel', 'data-list']).toContain(name);
      if (name === 'href' || name === 'src') {
        // Browsers skip whitespace and control characters inside a scheme: so does this check.
        const url = Array.from(decodeEntities(value))
          .filter((c) => c.charCodeAt(0) > 0x20)
          .join('')
          .toLowerCase();
        expect(url, `${name} in ${html}`).not.toMatch(/^(javascript|data|vbscript):/);
      }
    }
  }
  expect(html).not.toMatch(/<(script|iframe|style|svg|math|object|embed|noscript|template)/i);
}

describe('sanitizePostHtml keeps what the editor makes', () => {
  it.each([
    '<h1>Title</h1><h2>Sub</h2><h3>Small</h3><p>Text</p>',
    '<p><strong>bold</strong> <em>italic</em> <u>under</u> <s>strike</s></p>',
    '<ol><li>one</li><li>two</li></ol><ul><li>dot</li></ul>',
    '<ol><li data-list="bullet">quill bullet</li><li data-list="ordered">quill number</li></ol>',
    '<p><a href="https://example.com">no new tab</a></p>',
    '<p><a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">link</a></p>',
    '<p><a href="http://example.com">http</a> <a href="mailto:hi@example.com">mail</a> <a href="/contact">here</a></p>',
    `<p><img src="${OWN}" alt="photo.png" /></p>`,
    '<p><img src="https://images.example.com/a.jpg" alt="" /></p>',
    '<p>line<br />break</p>',
    '<p>نص عربي مع <strong>تنسيق</strong></p>',
  ])('%s', (html) => {
    expect(sanitizePostHtml(html)).toBe(html);
  });

  it('writes b and i as strong and em', () => {
    expect(sanitizePostHtml('<p><b>a</b><i>b</i></p>')).toBe('<p><strong>a</strong><em>b</em></p>');
  });

  it('gives a link opened in a new tab no opener, and keeps no rel otherwise', () => {
    expect(sanitizePostHtml('<a href="https://x.example" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizePostHtml('<a href="https://x.example" target="_top" rel="opener">x</a>')).toBe(
      '<a href="https://x.example">x</a>',
    );
  });

  it('drops list markers Quill does not make', () => {
    expect(sanitizePostHtml('<ol><li data-list="checked">x</li></ol>')).toBe('<ol><li>x</li></ol>');
  });

  it('keeps the text of unknown wrappers', () => {
    expect(sanitizePostHtml('<div><span class="ql-ui">x</span>text</div>')).toBe('xtext');
  });
});

describe('sanitizePostHtml removes XSS', () => {
  it.each([
    { input: '<script>alert(1)</script><p>ok</p>', expected: '<p>ok</p>' },
    { input: '<p onclick="alert(1)">hi</p>', expected: '<p>hi</p>' },
    { input: '<img src=x onerror=alert(1)>', expected: '' },
    { input: `<img src="${OWN}" onerror="alert(1)">`, expected: `<img src="${OWN}" />` },
    { input: '<svg onload=alert(1)><circle r="1"/></svg><p>after</p>', expected: '<p>after</p>' },
    { input: '<svg><script>alert(1)</script></svg>', expected: '' },
    { input: '<a href="javascript:alert(1)">x</a>', expected: '<a>x</a>' },
    { input: '<a href="JaVaScRiPt:alert(1)">x</a>', expected: '<a>x</a>' },
    { input: '<a href=" javascript:alert(1)">x</a>', expected: '<a>x</a>' },
    { input: '<a href="jav&#x09;ascript:alert(1)">x</a>', expected: '<a>x</a>' },
    { input: '<a href="jav&#x0A;ascript:alert(1)">x</a>', expected: '<a>x</a>' },
    { input: '<a href="javascript&colon;alert(1)">x</a>', expected: '<a>x</a>' },
    {
      input: '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
      expected: '<a>x</a>',
    },
    {
      input: '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
      expected: '<a>x</a>',
    },
    { input: '<a href="vbscript:msgbox(1)">x</a>', expected: '<a>x</a>' },
    { input: '<a href="//evil.example/x">x</a>', expected: '<a>x</a>' },
    { input: '<img src="data:image/svg+xml;base64,PHN2Zz4=">', expected: '' },
    { input: '<img src="http://insecure.example/a.png">', expected: '' },
    { input: '<img src="/storage/poster_images/../../etc/passwd">', expected: '' },
    { input: '<img src="/api/posts">', expected: '' },
    { input: '<iframe srcdoc="<script>alert(1)</script>"></iframe><p>x</p>', expected: '<p>x</p>' },
    { input: '<iframe src="https://evil.example"></iframe>', expected: '' },
    { input: '<object data="x.swf"></object><embed src="x.swf">', expected: '' },
    { input: '<p style="display:none">hidden</p>', expected: '<p>hidden</p>' },
    { input: '<p style="position:fixed;inset:0;opacity:0">overlay</p>', expected: '<p>overlay</p>' },
    { input: '<style>body{display:none}</style><p>x</p>', expected: '<p>x</p>' },
    { input: '<p class="hidden" id="x" hidden>x</p>', expected: '<p>x</p>' },
    {
      input: '<form action="https://evil.example"><input name="a"><button>go</button></form>',
      expected: 'go',
    },
    { input: '<meta http-equiv="refresh" content="0;url=https://evil.example">', expected: '' },
    { input: '<base href="https://evil.example/">', expected: '' },
    { input: '<link rel="stylesheet" href="https://evil.example/x.css">', expected: '' },
    // Mutation XSS: markup that a browser (scripting on) reads differently from a parser with scripting off.
    {
      input: '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      expected: '',
    },
    { input: '<noscript><style></noscript><img src=x onerror=alert(1)></style>', expected: '' },
    // Raw-text elements read as a browser reads them (sanitize-html 2.17.5 and later): their text goes with
    // them, the image after them is dropped, and what trails is harmless text.
    { input: '<xmp><p title="</xmp><img src=x onerror=alert(1)>">', expected: '"&gt;' },
    { input: '<noembed><p title="</noembed><img src=x onerror=alert(1)>"></noembed>', expected: '"&gt;' },
    { input: '<template><img src=x onerror=alert(1)></template>', expected: '' },
    { input: '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', expected: '' },
    { input: '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">', expected: '' },
    { input: '<textarea><img src=x onerror=alert(1)></textarea>', expected: '' },
    { input: '<title><img src=x onerror=alert(1)></title>', expected: '' },
  ])('$input', ({ input, expected }) => {
    const output = sanitizePostHtml(input);
    expect(output).toBe(expected);
    assertSafe(output);
  });

  it('escapes text so that it is never read back as markup', () => {
    const output = sanitizePostHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt; 1 < 2 > 0 &amp; "q"</p>');
    expect(output).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt; 1 &lt; 2 &gt; 0 &amp; "q"</p>');
  });
});

describe('sanitizePostHtml properties', () => {
  const pieces = fc.constantFrom(
    '<p>',
    '</p>',
    '<h2>',
    '</h2>',
    '<strong>',
    '</strong>',
    '<ol>',
    '<li data-list="bullet">',
    '</li>',
    '</ol>',
    '<a href="https://ok.example">',
    '<a href="javascript:alert(1)">',
    '<a href="java\tscript:x">',
    '<a href=javascript:x>',
    '</a>',
    `<img src="${OWN}">`,
    '<img src=x onerror=alert(1)>',
    '<img src="https://i.example/a.png" onload="x()">',
    '<svg onload=alert(1)>',
    '</svg>',
    '<script>',
    '</script>',
    '<style>',
    '</style>',
    '<noscript>',
    '</noscript>',
    '<iframe srcdoc="<b>">',
    '<p title="',
    '">',
    '<div onmouseover="x()">',
    '</div>',
    '<!--',
    '-->',
    '<![CDATA[',
    ']]>',
    '&lt;',
    '&amp;',
    '&#106;avascript:',
    '"',
    "'",
    '<',
    '>',
    '=',
    ' onerror=alert(1) ',
    'text',
    'نص',
    '\u0000',
    '\n',
  );
  const html = fc.oneof(
    fc.array(pieces, { maxLength: 40 }).map((parts) => parts.join('')),
    fc.string({ maxLength: 200 }),
  );

  it('is idempotent even when dropping an element leaves odd nesting (found by fast-check)', () => {
    const once = sanitizePostHtml('<li data-list="bullet"><div onmouseover="x()"><li data-list="bullet">');
    expect(sanitizePostHtml(once)).toBe(once);
    expect(once).not.toContain('onmouseover');
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(html, (input) => {
        const once = sanitizePostHtml(input);
        expect(sanitizePostHtml(once)).toBe(once);
      }),
      { numRuns: 600 },
    );
  });

  it('never leaves an event handler, a script-capable URL or a forbidden element', () => {
    fc.assert(
      fc.property(html, (input) => {
        assertSafe(sanitizePostHtml(input));
      }),
      { numRuns: 600 },
    );
  });
});

/** `open` nested `levels` deep around `inner`, each closed by `close`. */
const nested = (open: string, close: string, levels: number, inner = 'x') =>
  open.repeat(levels) + inner + close.repeat(levels);

describe('sanitizePostHtml bounds the nesting', () => {
  it('keeps content nested up to MAX_CONTENT_DEPTH', () => {
    const html = nested('<strong>', '</strong>', MAX_CONTENT_DEPTH);
    expect(sanitizePostHtml(html)).toBe(html);
    const lists = nested('<ul><li>', '</li></ul>', MAX_CONTENT_DEPTH / 2);
    expect(sanitizePostContent(lists)).toEqual({ ok: true, html: lists });
  });

  it.each([
    { name: 'kept elements', html: nested('<strong>', '</strong>', MAX_CONTENT_DEPTH + 1) },
    { name: 'dropped elements', html: nested('<div>', '</div>', MAX_CONTENT_DEPTH + 1) },
    { name: 'elements never closed', html: '<ul><li>'.repeat(MAX_CONTENT_DEPTH / 2 + 1) },
    { name: 'elements inside dropped content', html: `<svg>${'<g>'.repeat(MAX_CONTENT_DEPTH)}</svg>` },
  ])('refuses $name nested deeper', ({ html }) => {
    expect(() => sanitizePostHtml(html)).toThrow(ContentTooDeepError);
    expect(sanitizePostContent(html)).toEqual({ ok: false, key: CONTENT_TOO_DEEP });
  });

  it('counts what the parser closes by itself as closed', () => {
    const items = '<li>item'.repeat(2 * MAX_CONTENT_DEPTH);
    expect(sanitizePostHtml(`<ul>${items}</ul>`)).toBe(
      `<ul>${'<li>item</li>'.repeat(2 * MAX_CONTENT_DEPTH)}</ul>`,
    );
    expect(sanitizePostHtml(`<p>${'a<br>'.repeat(2 * MAX_CONTENT_DEPTH)}</p>`)).toBe(
      `<p>${'a<br />'.repeat(2 * MAX_CONTENT_DEPTH)}</p>`,
    );
  });

  it('refuses 1 MiB of nested lists at once instead of cleaning it for seconds', () => {
    const html = nested('<ul><li>', '</li></ul>', Math.floor((1024 * 1024) / 19));
    const started = performance.now();
    expect(sanitizePostContent(html)).toEqual({ ok: false, key: CONTENT_TOO_DEEP });
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('sanitizePostHtml takes time in proportion to the content', () => {
  it('drops images without an allowed source without going back over the output', () => {
    // Each dropped image cut the output back to where it began: 400 KB of these took 20 seconds.
    for (const image of ['<img>', '<img src="http://insecure.example/a.png">']) {
      const unit = `<p>text</p>${image}`;
      const count = Math.floor(400_000 / unit.length);
      const started = performance.now();
      expect(sanitizePostHtml(unit.repeat(count))).toBe('<p>text</p>'.repeat(count));
      expect(performance.now() - started).toBeLessThan(3000);
    }
  });
});

describe('createRenderSanitizer', () => {
  it('cleans as on write, and renders refused content as nothing', () => {
    const sanitize = createRenderSanitizer();
    expect(sanitize('<p onclick="x()">a<script>b</script></p>')).toBe('<p>a</p>');
    expect(sanitize(nested('<div>', '</div>', MAX_CONTENT_DEPTH + 1))).toBe('');
  });

  it('cleans each content once while it is remembered, forgetting the least recently used first', () => {
    const cleaned: string[] = [];
    const clean = (html: string): SanitizedContent => {
      cleaned.push(html);
      return sanitizePostContent(html);
    };
    // Room for two of these clean contents (each kept once, its result being the same string).
    const [a, b, c] = ['a', 'b', 'c'].map((letter) => `<p>${letter.repeat(40)}</p>`) as [
      string,
      string,
      string,
    ];
    const sanitize = createRenderSanitizer({ maxChars: 2 * a.length, clean });
    expect([sanitize(a), sanitize(b), sanitize(a), sanitize(b)]).toEqual([a, b, a, b]);
    expect(cleaned).toEqual([a, b]);
    sanitize(c); // a was used least recently: it goes
    expect([sanitize(b), sanitize(c), sanitize(a)]).toEqual([b, c, a]);
    expect(cleaned).toEqual([a, b, c, a]);
  });

  it('does not remember content larger than it may hold', () => {
    const cleaned: string[] = [];
    const sanitize = createRenderSanitizer({
      maxChars: 10,
      clean: (html) => {
        cleaned.push(html);
        return sanitizePostContent(html);
      },
    });
    sanitize('<p>longer than ten</p>');
    sanitize('<p>longer than ten</p>');
    expect(cleaned).toHaveLength(2);
  });
});
