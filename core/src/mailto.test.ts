import { describe, expect, it } from 'vitest';
import { mailtoHref } from './mailto';

/** What a mail program reads from the link: the recipients and every header field. */
function read(href: string) {
  const url = new URL(href);
  const [to = '', ...rest] = href.slice('mailto:'.length).split('?');
  return {
    protocol: url.protocol,
    to: decodeURIComponent(to),
    query: rest.join('?'),
    fields: url.searchParams,
  };
}

describe('mailtoHref', () => {
  it('links a plain address as it reads', () => {
    expect(mailtoHref('layla@example.com')).toBe('mailto:layla@example.com');
  });

  it.each([
    'a@b.c?cc=x@y.z&body=Pay%20now',
    'a@b.c?bcc=x@y.z',
    'a@b.c%3Fcc=x@y.z%26body=hi',
    'a@b.c&cc=x@y.z',
    'a@b.c#?cc=x@y.z',
    'a@b.c?subject=Hi\r\nBcc: x@y.z',
  ])('keeps %j one address, with no header of its own', (hostile) => {
    const link = read(mailtoHref(hostile));
    expect(link.protocol).toBe('mailto:');
    expect(link.query).toBe('');
    expect(link.to).toBe(hostile);
    expect(mailtoHref(hostile)).not.toMatch(/[?&#\s]/);
  });

  it('adds the fields it is given, each encoded, and nothing else', () => {
    const href = mailtoHref('a@b.c?cc=x@y.z', { subject: 'Re: a & b', body: 'Line 1\r\n> quoted?cc=z' });
    const link = read(href);
    expect(link.to).toBe('a@b.c?cc=x@y.z');
    expect([...link.fields.keys()]).toEqual(['subject', 'body']);
    expect(link.fields.get('subject')).toBe('Re: a & b');
    expect(link.fields.get('body')).toBe('Line 1\r\n> quoted?cc=z');
  });
});
