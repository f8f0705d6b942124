import { mailtoHref } from '@agency/core';
import type { ContactMessage } from '../api/messages';

/** The sender's number as a `tel:` link: the country code and the digits, nothing else. */
export function telHref(message: Pick<ContactMessage, 'country_code' | 'phone'>): string {
  return `tel:${message.country_code.replace(/[^\d+]/g, '')}${message.phone.replace(/\D/g, '')}`;
}

/** The number as it reads: "+44 7700900123". */
export function phoneText(message: Pick<ContactMessage, 'country_code' | 'phone'>): string {
  return `${message.country_code} ${message.phone}`;
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
