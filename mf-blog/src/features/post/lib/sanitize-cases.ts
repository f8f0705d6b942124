/**
 * Post HTML and what the reader gets from it: shared by the unit tests (DOMPurify, in jsdom) and the end-to-end
 * test (the browser's Sanitizer API, in Chromium), so both routes are held to the same outputs.
 */
export const SANITIZE_CASES: { why: string; html: string; out: string }[] = [
  {
    why: 'keeps the editor formatting',
    html: '<h1>A</h1><h2>B</h2><h3>C</h3><p><strong>b</strong> <b>b</b> <em>i</em> <i>i</i> <u>u</u> <s>s</s><br></p><ol><li>1</li></ol><ul><li>x</li></ul>',
    out: '<h1>A</h1><h2>B</h2><h3>C</h3><p><strong>b</strong> <b>b</b> <em>i</em> <i>i</i> <u>u</u> <s>s</s><br></p><ol><li>1</li></ol><ul><li>x</li></ul>',
  },
  { why: 'drops scripts', html: '<p>a</p><script>alert(1)</script>', out: '<p>a</p>' },
  {
    why: 'drops event handlers',
    html: '<img src="/storage/poster_images/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp" onerror="alert(1)" alt="A">',
    out: '<img src="/storage/poster_images/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp" alt="A" loading="lazy" decoding="async">',
  },
  { why: 'drops javascript: links', html: '<a href="javascript:alert(1)">x</a>', out: '<a>x</a>' },
  { why: 'drops data: links', html: '<a href="data:text/html,hi">x</a>', out: '<a>x</a>' },
  {
    why: 'keeps mailto links',
    html: '<a href="mailto:hi@example.com">mail</a>',
    out: '<a href="mailto:hi@example.com">mail</a>',
  },
  {
    why: 'marks external links noopener noreferrer',
    html: '<a href="https://example.org/x" target="_blank">x</a>',
    out: '<a href="https://example.org/x" rel="noopener noreferrer">x</a>',
  },
  {
    why: 'keeps links to the site itself',
    html: '<a href="/contact">x</a>',
    out: '<a href="/contact">x</a>',
  },
  { why: 'drops protocol-relative links', html: '<a href="//evil.example/x">x</a>', out: '<a>x</a>' },
  { why: 'drops page-relative links', html: '<a href="evil.html">x</a>', out: '<a>x</a>' },
  {
    why: 'drops images from http or elsewhere',
    html: '<p>a<img src="http://evil.example/x.png">b</p>',
    out: '<p>ab</p>',
  },
  {
    why: 'keeps https images and gives them an empty alt',
    html: '<img src="https://cdn.example/x.png">',
    out: '<img src="https://cdn.example/x.png" loading="lazy" decoding="async" alt="">',
  },
  {
    why: 'drops styles, classes, iframes and forms',
    html: '<p style="color:red" class="ql-align-center">t</p><iframe src="https://x.example"></iframe><form><input></form><h4>h4</h4>',
    out: '<p>t</p>h4',
  },
  { why: 'drops svg payloads', html: '<svg><script>alert(1)</script></svg><p>ok</p>', out: '<p>ok</p>' },
];
