import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiPackageDir } from '../paths';
import { passwordWeakness, REASONS } from './password-strength';

const account = { email: 'nour.haddad@example.com', name: 'Nour Haddad', siteName: 'Sunrise Studio' };

describe('how easy a new password is to guess', () => {
  it.each([
    ['password1234', /common password/],
    ['aaaaaaaaaaaa', /repeats one character/],
    ['123456789012', /common|sequence/],
    ['qwertyuiop12', /common|row of keys|keyboard/],
    ['nour.haddad@example.com', /e-mail or name, or the site's name/],
    ['sunrisestudio2026', /e-mail or name, or the site's name|year/],
    ['NourHaddad12345', /e-mail or name, or the site's name|sequence/],
  ])('refuses %s', async (password, reason) => {
    const weakness = await passwordWeakness(password, account);
    expect(weakness).toMatch(/^the password is too easy to guess: /);
    expect(weakness).toMatch(reason);
  });

  it.each([
    'correct-horse-battery',
    'a long load-test passphrase',
    'violet tram under 9 lanterns',
    'Tr0ub4dor&3xyz',
  ])('accepts %s', async (password) => {
    expect(await passwordWeakness(password, account)).toBeNull();
  });
});

describe('passwords zxcvbn rates too well', () => {
  it.each([
    'Summer2026!!',
    'summer 2026 !!!!',
    'Winter_1999#',
    '2026December!',
    'September2024$$',
    'Sept-2031!!!',
    'Ramadan2026!!!!',
    'رمضان2026!!',
    'الصيف ٢٠٢٦!!',
    'تشرين الأول 2025',
    'ＳＵＭＭＥＲ２０２６!!',
  ])('refuses %s: a month or a season with a year', async (password) => {
    expect(await passwordWeakness(password, account)).toMatch(/a month or a season with a year/);
  });

  it.each([
    'correcthorsebatterystaple',
    'Correct Horse Battery Staple',
    'correct-horse-battery-staple-2026!',
    'iloveyousomuch',
    'ILoveYouBaby!!',
    'letmeinplease123',
    'maytheforcebewithyou',
    'thequickbrownfox!',
    'bismillah2026!!',
    'الحمد لله 2026',
  ])('refuses %s: a well-known phrase', async (password) => {
    expect(await passwordWeakness(password, account)).toMatch(/a well-known phrase/);
  });

  it.each(['summer in violet trams 2026', 'march of the 9 lanterns', 'I love you, violet tram 9'])(
    'accepts %s: more than the phrase or the date',
    async (password) => {
      expect(await passwordWeakness(password, account)).toBeNull();
    },
  );
});

describe('the reasons a password is refused', () => {
  // The API answers a reason's key (errors.new_password of POST /api/auth/password); the editor's account
  // screen says it in the page's language.
  it.each(['en', 'ar'])('each have a text in the editor screens (%s)', async (language) => {
    const file = path.join(apiPackageDir, '..', 'mf-admin', 'public', 'locales', language, 'admin.json');
    const texts = JSON.parse(await readFile(file, 'utf8')) as {
      account: { reasons: Record<string, string> };
    };
    expect(Object.keys(texts.account.reasons).sort()).toEqual(Object.keys(REASONS).sort());
  });
});
