import { describe, expect, it } from 'vitest';
import { isAllowedImageSource, isAllowedLink } from './content';

describe('isAllowedLink', () => {
  it.each([
    { href: 'https://example.com/a', ok: true },
    { href: 'http://example.com', ok: true },
    { href: 'mailto:hello@example.com', ok: true },
    { href: '/contact', ok: true },
    { href: '//evil.example/x', ok: false },
    { href: 'javascript:alert(1)', ok: false },
    { href: ' JavaScript:alert(1)', ok: false },
    { href: 'data:text/html,<script>', ok: false },
    { href: '/\\evil.example', ok: false },
    { href: 'relative/path', ok: false },
  ])('$href -> $ok', ({ href, ok }) => expect(isAllowedLink(href)).toBe(ok));
});

describe('isAllowedImageSource', () => {
  it.each([
    { src: `/storage/poster_images/${'a'.repeat(32)}.webp`, ok: true },
    { src: '/storage/poster_images/../../etc/passwd', ok: false },
    { src: 'https://images.example/x.png', ok: true },
    { src: 'http://images.example/x.png', ok: false },
    { src: 'https://user:pw@images.example/x.png', ok: false },
    { src: 'data:image/png;base64,AAAA', ok: false },
    { src: 'javascript:alert(1)', ok: false },
  ])('$src -> $ok', ({ src, ok }) => expect(isAllowedImageSource(src)).toBe(ok));
});
