/*
 * E-mail addresses that can receive mail, Arabic ones included: `سارة@مثال.امارات` and its ASCII form
 * `user@xn--mgbh0fb.xn--mgbaam7a8h` are both addresses (RFC 6531 and IDNA). What is refused is what no mail
 * server would take: no domain with a dot (`layla@bakery`), white space, and control characters, which in a
 * mail header would start a header of their own.
 */

export type EmailErrorKey = 'email_required' | 'email_invalid' | 'email_domain' | 'email_control';

export const EMAIL_MAX = 254;

/**
 * Control characters of every kind: C0 and C1 (CR, LF, tab, NEL...), the line and paragraph separators, and
 * the bidi embeddings, overrides and isolates, which make an address read other than it is. The zero-width
 * joiners stay: Persian and Arabic words use them.
 */
const CONTROL = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\ufeff]/u;

/** A domain label: letters and digits of any script (with their marks) and inner hyphens, at most 63. */
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?$/u;

/** The local part: anything printable but white space, `@`, and what RFC 5322 keeps for its own syntax. */
const LOCAL = /^[^\s@"(),:;<>[\\\]]{1,64}$/u;

export function emailProblem(value: string): EmailErrorKey | null {
  if (!value) return 'email_required';
  if (CONTROL.test(value)) return 'email_control';
  const at = value.lastIndexOf('@');
  if (at <= 0 || value.length > EMAIL_MAX) return 'email_invalid';
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (!LOCAL.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) {
    return 'email_invalid';
  }
  if (!domain || /\s/u.test(domain)) return 'email_invalid';
  const labels = domain.split('.');
  if (labels.length < 2 || labels.at(-1) === '') return 'email_domain';
  if (domain.length > 253 || !labels.every((label) => LABEL.test(label))) return 'email_invalid';
  // A top-level domain is never all digits: `user@192.168.1.1` is an address no form should take.
  if (/^\p{N}+$/u.test(labels.at(-1) ?? '')) return 'email_domain';
  return null;
}
