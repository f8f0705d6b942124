import { describe, expect, it } from 'vitest';
import { accountProblem } from './users';

describe('a new editor account', () => {
  const account = (password: string) => ({ email: 'sam@example.com', name: 'Sam Rivers', password });

  it.each([
    'password1234',
    'aaaaaaaaaaaa',
    '123456789012',
    'sam@example.com',
    'Agency-Agency-1',
    'SamRivers2026',
    'Summer2026!!',
    'correcthorsebatterystaple',
  ])('refuses the password %s, saying why', async (password) => {
    expect(await accountProblem(account(password), 'Agency')).toMatch(
      /^the password is too easy to guess: it /,
    );
  });

  it('refuses a password of the wrong length before anything else', async () => {
    expect(await accountProblem(account('short'), 'Agency')).toBe(
      'the password must be 12 to 1024 characters',
    );
  });

  it('takes a long passphrase', async () => {
    expect(await accountProblem(account('violet tram under 9 lanterns'), 'Agency')).toBeNull();
  });
});
