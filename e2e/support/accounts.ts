import { createRequire } from 'node:module';
import { type APIRequestContext, request } from '@playwright/test';

const API_KEY = 'e2e-key';
const OWNER = {
  email: process.env.EDITOR_EMAIL ?? 'editor@example.com',
  password: process.env.EDITOR_PASSWORD ?? 'correct-horse-battery',
};

/** The owner's API session, to make and put away the accounts a test needs. */
export async function ownerApi(
  baseURL: string | undefined,
): Promise<{ api: APIRequestContext; token: string }> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { 'x-api-key': API_KEY } });
  const { token } = (await (await api.get('/api/csrf')).json()) as { token: string };
  const login = await api.post('/api/auth/login', { headers: { 'X-CSRF-TOKEN': token }, data: OWNER });
  const { csrf_token } = (await login.json()) as { csrf_token: string };
  return { api, token: csrf_token };
}

export interface TestAccount {
  id: number;
  email: string;
  password: string;
  /** Deactivates the account (accounts are not deleted). */
  remove(): Promise<void>;
}

/** A new account of `role`, made by the owner: the one place that knows how accounts are made. */
export async function createAccount(
  baseURL: string | undefined,
  role: 'administrator' | 'editor' | 'author' = 'editor',
): Promise<TestAccount> {
  const { api, token } = await ownerApi(baseURL);
  const email = `${role}-${Date.now().toString(36)}@example.com`;
  const password = 'quiet lantern 7 over rivers';
  // An invitation (without SMTP its link is in the answer), accepted from a second, signed-out context.
  const invited = await api.post('/api/invitations', {
    headers: { 'X-CSRF-TOKEN': token },
    data: { email, role },
  });
  if (invited.status() !== 201) throw new Error(`not invited: ${invited.status()} ${await invited.text()}`);
  const { url } = ((await invited.json()) as { data: { url: string } }).data;
  const invitationToken = new URL(url).hash.replace(/^#token=/, '');
  const guest = await request.newContext({ baseURL, extraHTTPHeaders: { 'x-api-key': API_KEY } });
  const { token: guestToken } = (await (await guest.get('/api/csrf')).json()) as { token: string };
  const made = await guest.post('/api/invitations/accept', {
    headers: { 'X-CSRF-TOKEN': guestToken },
    data: { token: invitationToken, name: 'Tess Twostep', password },
  });
  if (made.status() !== 200) throw new Error(`account not made: ${made.status()} ${await made.text()}`);
  const { id } = ((await made.json()) as { user: { id: number } }).user;
  await guest.dispose();
  return {
    id,
    email,
    password,
    async remove() {
      await api.patch(`/api/users/${id}`, { headers: { 'X-CSRF-TOKEN': token }, data: { active: false } });
      await api.dispose();
    },
  };
}

// The API's own TOTP library, so that the codes are made as an authenticator app makes them.
const otplib = createRequire(new URL('../../api/package.json', import.meta.url))('otplib') as {
  generate(options: { secret: string; epoch?: number }): Promise<string>;
};

/** The code of the time step `steps` away from now, for the key shown at setup (spaces ignored). */
export function totpCode(secret: string, steps = 0): Promise<string> {
  return otplib.generate({
    secret: secret.replace(/\s+/g, ''),
    epoch: Math.floor(Date.now() / 1000) + steps * 30,
  });
}
