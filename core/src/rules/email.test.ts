import { describe, expect, it } from 'vitest';
import { emailProblem } from './email';

describe('emailProblem', () => {
  it.each([
    'sara@example.com',
    'sara.o+leads@mail.example.co.uk',
    "o'brien@example.ie",
    // Internationalised addresses: Arabic, its ASCII (punycode) form, and other scripts.
    'سارة@مثال.امارات',
    'user@xn--mgbh0fb.xn--mgbaam7a8h',
    'ليلى@مخبز.مصر',
    'info@مخبز-ليلى.com',
    'δοκιμή@παράδειγμα.δοκιμή',
    '用户@例子.广告',
  ])('accepts %s', (email) => expect(emailProblem(email)).toBeNull());

  it.each([
    { email: '', key: 'email_required' },
    { email: 'layla@bakery', key: 'email_domain' },
    { email: 'ليلى@مخبز', key: 'email_domain' },
    { email: 'layla@bakery.', key: 'email_domain' },
    { email: 'layla@192.168.1.1', key: 'email_domain' },
    { email: 'sara.example.com', key: 'email_invalid' },
    { email: '@example.com', key: 'email_invalid' },
    { email: 'sara@', key: 'email_invalid' },
    { email: 'sa ra@example.com', key: 'email_invalid' },
    { email: 'sara@exa mple.com', key: 'email_invalid' },
    { email: 'sara@@example.com', key: 'email_invalid' },
    { email: 'sara@-example.com', key: 'email_invalid' },
    { email: 'sara@example..com', key: 'email_invalid' },
    { email: '.sara@example.com', key: 'email_invalid' },
    { email: 'sa..ra@example.com', key: 'email_invalid' },
    { email: `${'a'.repeat(65)}@example.com`, key: 'email_invalid' },
    { email: `sara@${'a'.repeat(64)}.com`, key: 'email_invalid' },
    // Control characters: each would start a mail header of its own, or make the address read otherwise.
    { email: 'sara@example.com\r\nBcc: x@y.z', key: 'email_control' },
    { email: 'sara@example.com\nBcc: x@y.z', key: 'email_control' },
    { email: 'sara\t@example.com', key: 'email_control' },
    { email: 'sara\u0000@example.com', key: 'email_control' },
    { email: 'sara\u0085@example.com', key: 'email_control' },
    { email: 'sara\u2028@example.com', key: 'email_control' },
    { email: 'سارة\u202e@مثال.امارات', key: 'email_control' },
  ])('refuses $email: $key', ({ email, key }) => expect(emailProblem(email)).toBe(key));
});
