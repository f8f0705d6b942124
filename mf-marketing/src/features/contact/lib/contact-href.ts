/**
 * The contact form with a choice made: "Get started" on a plan and "Get a quote" on a service open it with
 * their service (and plan) chosen, read from the address by the form (`/contact?service=seo&plan=professional`).
 */
export function contactHref(service: string, plan?: string): string {
  const query = new URLSearchParams({ service, ...(plan ? { plan } : {}) });
  return `/contact?${query}`;
}
