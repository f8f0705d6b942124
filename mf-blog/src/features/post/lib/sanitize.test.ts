// @vitest-environment jsdom
// happy-dom mis-walks the tree DOMPurify builds (it drops the first element and keeps scripts); jsdom is exact.
// jsdom has no Sanitizer API, so this is the DOMPurify route; e2e/tests/blog.spec.ts runs the same cases
// through Chromium's setHTML.
import { describe, expect, it } from 'vitest';
import { applyContentRules } from './content-rules';
import { hasNativeSanitizer, renderPostHtml } from './sanitize';
import { SANITIZE_CASES } from './sanitize-cases';

async function rendered(html: string): Promise<string> {
  const target = document.createElement('div');
  await renderPostHtml(target, html);
  return target.innerHTML;
}

describe('renderPostHtml without the Sanitizer API (DOMPurify)', () => {
  it('takes the DOMPurify route here', () => {
    expect(hasNativeSanitizer()).toBe(false);
  });

  it.each(SANITIZE_CASES)('$why', async ({ html, out }) => {
    expect(await rendered(html)).toBe(out);
  });

  it('replaces what the element showed before', async () => {
    const target = document.createElement('div');
    target.innerHTML = '<p>old</p>';
    await renderPostHtml(target, '<p>new</p>');
    expect(target.innerHTML).toBe('<p>new</p>');
  });
});

describe('applyContentRules', () => {
  function apply(html: string): string {
    // A template's content is inert: nothing in it loads or runs, like the sanitizers' own documents.
    const template = document.createElement('template');
    template.innerHTML = html;
    applyContentRules(template.content);
    const out = document.createElement('div');
    out.append(template.content);
    return out.innerHTML;
  }

  it.each([
    {
      why: 'unwraps unknown tags, keeping their text',
      html: '<div><span>a</span> <h4>b</h4></div>',
      out: 'a b',
    },
    {
      why: 'drops a template with its content',
      html: '<p>a</p><template><p>b</p></template>',
      out: '<p>a</p>',
    },
    { why: 'drops styles with their content', html: '<style>p{}</style><p>a</p>', out: '<p>a</p>' },
    {
      why: 'drops SVG with its content',
      html: '<svg><a href="/x"><text>t</text></a></svg><p>a</p>',
      out: '<p>a</p>',
    },
    { why: 'drops MathML with its content', html: '<math><mi>x</mi></math><p>a</p>', out: '<p>a</p>' },
    {
      why: 'drops form controls with their text',
      html: '<textarea>t</textarea><select><option>o</option></select>',
      out: '',
    },
    { why: 'keeps each tag to its own attributes', html: '<p alt="x" href="/x">a</p>', out: '<p>a</p>' },
    {
      why: 'removes ids and names (no DOM clobbering)',
      html: '<a id="x" name="y" href="/a">a</a>',
      out: '<a href="/a">a</a>',
    },
    {
      why: 'keeps the two list kinds',
      html: '<ol><li data-list="bullet">a</li><li data-list="ordered">b</li></ol>',
      out: '<ol><li data-list="bullet">a</li><li data-list="ordered">b</li></ol>',
    },
    {
      why: 'drops other list kinds',
      html: '<ol><li data-list="checked">a</li></ol>',
      out: '<ol><li>a</li></ol>',
    },
    {
      why: 'keeps the allowed tags inside an unwrapped one',
      html: '<div><strong>a</strong></div>',
      out: '<strong>a</strong>',
    },
  ])('$why', ({ html, out }) => expect(apply(html)).toBe(out));

  it('leaves an already clean tree as it was', () => {
    const clean = SANITIZE_CASES[0]?.out ?? '';
    expect(apply(clean)).toBe(clean);
  });
});
