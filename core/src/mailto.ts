/**
 * A `mailto:` link to one address, with header fields such as subject and body. Every part is
 * percent-encoded (the `@` of the address stays readable), so nothing in the address or a field can end it
 * and add a header: `a@b.c?cc=x@y.z&body=…` stays one odd address, with no cc and no body. Every mailto
 * link of the site is made here.
 */
export function mailtoHref(address: string, fields: Record<string, string> = {}): string {
  const query = Object.entries(fields)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return `mailto:${encodeURIComponent(address).replace(/%40/g, '@')}${query ? `?${query}` : ''}`;
}

/** A `tel:` link for a phone number as written: its digits and a leading plus only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
