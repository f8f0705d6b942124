import { describe, expect, it } from 'vitest';
import { emptySettings, isHttpsUrl, validateSettings } from './settings';

const valid = () => ({
  ...emptySettings(),
  email: 'hello@agency.example',
  phone: '+44 20 7946 0958',
  default_country: 'GB',
  social_x: 'https://x.com/agency',
  translations: {
    en: { name: 'Agency', address: '1 High Street\nLondon' },
    ar: { name: 'الوكالة', address: '١ الشارع الرئيسي، لندن' },
  },
});

describe('validateSettings', () => {
  it('takes valid settings, empty optional fields included', () => {
    expect(validateSettings(valid())).toEqual({});
  });

  it('names each bad field with its key, a translated one by language', () => {
    const errors = validateSettings({
      ...valid(),
      email: 'hello@agency',
      phone: '12',
      notify_email: 'not an address',
      default_country: 'ZZ',
      social_facebook: 'http://facebook.com/agency',
      social_youtube: 'javascript:alert(1)',
      translations: { en: { name: '', address: 'x'.repeat(301) }, ar: { name: 'الوكالة', address: '' } },
    });
    expect(errors).toEqual({
      email: ['email_invalid'],
      phone: ['phone_invalid'],
      notify_email: ['email_invalid'],
      default_country: ['invalid_choice'],
      social_facebook: ['url_invalid'],
      social_youtube: ['url_invalid'],
      'en.name': ['required'],
      'en.address': ['too_long'],
    });
  });

  it('reads a phone without + in the default country', () => {
    expect(validateSettings({ ...valid(), phone: '020 7946 0958' })).toEqual({});
    expect(validateSettings({ ...valid(), phone: '050 123 4567', default_country: 'AE' })).toEqual({});
    expect(validateSettings({ ...valid(), phone: '050 123 4567', default_country: 'GB' }).phone).toEqual([
      'phone_invalid',
    ]);
  });

  it('requires both languages', () => {
    const { ar: _ar, ...onlyEnglish } = valid().translations;
    expect(validateSettings({ ...valid(), translations: onlyEnglish })).toEqual({
      'ar.name': ['required'],
    });
  });
});

describe('isHttpsUrl', () => {
  it('takes https links with a host only', () => {
    expect(isHttpsUrl('https://www.instagram.com/agency')).toBe(true);
    expect(isHttpsUrl('http://www.instagram.com/agency')).toBe(false);
    expect(isHttpsUrl('https://user:pw@x.com/')).toBe(false);
    expect(isHttpsUrl('https://localhost/')).toBe(false);
    expect(isHttpsUrl('https://x.com/a b')).toBe(false);
  });
});
