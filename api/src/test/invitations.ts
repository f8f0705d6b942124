import type { Role } from '@agency/core/roles';
import { TestBrowser } from './browser';

/** The token of an invitation link (`…/login/invitation#token=…`). */
export function tokenOf(url: string): string {
  const token = new URL(url).hash.match(/^#token=([A-Za-z0-9_-]+)$/)?.[1];
  if (!token) throw new Error(`no token in ${url}`);
  return token;
}

/**
 * How a person joins: `inviter` (signed in, allowed to invite; the app without SMTP, so the link is in the
 * answer) invites the e-mail with the role, and a new browser accepts it with the name and password. Answers
 * that browser, signed in.
 */
export async function inviteAndAccept(
  inviter: TestBrowser,
  account: { email: string; name: string; password: string; role: Exclude<Role, 'owner'> },
  remoteAddress?: string,
): Promise<TestBrowser> {
  const invited = await inviter.request({
    method: 'POST',
    url: '/api/invitations',
    payload: { email: account.email, role: account.role },
  });
  if (invited.statusCode !== 201)
    throw new Error(`invitation refused: ${invited.statusCode} ${invited.body}`);
  const { url } = invited.json<{ data: { url?: string } }>().data;
  if (!url) throw new Error('no link in the answer: is SMTP configured?');
  const browser = new TestBrowser(inviter.app, remoteAddress);
  await browser.fetchCsrf();
  const accepted = await browser.request({
    method: 'POST',
    url: '/api/invitations/accept',
    payload: { token: tokenOf(url), name: account.name, password: account.password },
  });
  if (accepted.statusCode !== 200) throw new Error(`accept refused: ${accepted.statusCode} ${accepted.body}`);
  browser.csrf = accepted.json<{ csrf_token: string }>().csrf_token;
  return browser;
}
