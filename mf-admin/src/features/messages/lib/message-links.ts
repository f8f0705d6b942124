import { mailtoHref } from '@agency/core';
import type { ContactMessage } from '../api/messages';

type Phone = Pick<ContactMessage, 'country_code' | 'phone' | 'phone_region'>;

/**
 * The number in E.164 (`+447911123456`), as the API stores it. A spam message's number may be anything a robot
 * wrote: it reads with its calling code before it, as it was sent.
 */
function e164(message: Phone): string {
  return message.phone.startsWith('+') ? message.phone : `${message.country_code}${message.phone}`;
}

/** The sender's number as a `tel:` link: the `+` and the digits, nothing else. */
export function telHref(message: Phone): string {
  return `tel:+${e164(message).replace(/\D/g, '')}`;
}

/** The number as it reads, with its country: "+447911123456 (GB)". */
export function phoneText(message: Phone): string {
  return message.phone_region ? `${e164(message)} (${message.phone_region})` : e164(message);
}

/** The sender's address as a `mailto:` link: only ever to them, whatever they typed (core's mailtoHref). */
export function mailHref(message: Pick<ContactMessage, 'email'>): string {
  return mailtoHref(message.email);
}

/**
 * A reply in the editor's mail program: to the sender, with the subject filled in and the message quoted
 * below (each part percent-encoded, so nothing in the address or the message can add a header).
 */
export function replyHref(message: ContactMessage, subject: string, quoteIntro: string): string {
  const quoted = message.message
    .split(/\r\n|\r|\n/)
    .map((line) => `> ${line}`)
    .join('\r\n');
  const body = `\r\n\r\n${quoteIntro}\r\n${quoted}`;
  return mailtoHref(message.email, { subject, body });
}
