import { describe, expect, it } from 'vitest';
import { normalizePhone, toWesternDigits } from './phone';

describe('normalizePhone', () => {
  it.each([
    // The UK: the trunk 0 dropped, whatever the visitor puts between the digits.
    { countryCode: '+44', phone: '07911 123456', e164: '+447911123456', region: 'GB' },
    { countryCode: '+44', phone: '07911123456', e164: '+447911123456', region: 'GB' },
    { countryCode: '+44', phone: '7911 123456', e164: '+447911123456', region: 'GB' },
    { countryCode: '+44', phone: '(07911) 123-456', e164: '+447911123456', region: 'GB' },
    { countryCode: '+44', phone: '07911.123.456', e164: '+447911123456', region: 'GB' },
    { countryCode: '+44', phone: '020 7946 0018', e164: '+442079460018', region: 'GB' },
    // Pasted with + or 00: the number brings its own country, whatever was chosen.
    { countryCode: '+44', phone: '+44 7911 123456', e164: '+447911123456', region: 'GB' },
    { countryCode: '+971', phone: '+44 7400 123456', e164: '+447400123456', region: 'GB' },
    { countryCode: '+971', phone: '0044 7400 123456', e164: '+447400123456', region: 'GB' },
    { countryCode: '+44', phone: '+1 604 555 0123', e164: '+16045550123', region: 'CA' },
    { countryCode: '+44', phone: '+971 50 123 4567', e164: '+971501234567', region: 'AE' },
    // The UAE: the trunk 0 dropped; Arabic-Indic and Persian digits as Arabic keyboards type them.
    { countryCode: '+971', phone: '050 123 4567', e164: '+971501234567', region: 'AE' },
    { countryCode: '+971', phone: '٠٥٠ ١٢٣ ٤٥٦٧', e164: '+971501234567', region: 'AE' },
    { countryCode: '+971', phone: '۰۵۰-۱۲۳-۴۵۶۷', e164: '+971501234567', region: 'AE' },
    { countryCode: '+971', phone: '+٩٧١٥٠١٢٣٤٥٦٧', e164: '+971501234567', region: 'AE' },
    { countryCode: '+966', phone: '٠٥٠ ١٢٣ ٤٥٦٧', e164: '+966501234567', region: 'SA' },
    { countryCode: '+20', phone: '010 1234 5678', e164: '+201012345678', region: 'EG' },
    { countryCode: '+963', phone: '0944 567 890', e164: '+963944567890', region: 'SY' },
    { countryCode: '+49', phone: '030 123456', e164: '+4930123456', region: 'DE' },
    { countryCode: '+1', phone: '(202) 555-0123', e164: '+12025550123', region: 'US' },
    // +1 is shared: the region chosen says which country, and the number must be valid there.
    { countryCode: '+1', chosen: 'CA', phone: '604 555 0123', e164: '+16045550123', region: 'CA' },
    // Every country, not only the spec's seven.
    { countryCode: '+962', chosen: 'JO', phone: '079 123 4567', e164: '+962791234567', region: 'JO' },
  ])('$phone in $countryCode is $e164 ($region)', ({ phone, countryCode, chosen, e164, region }) => {
    expect(normalizePhone({ phone, countryCode, region: chosen })).toEqual({ ok: true, e164, region });
  });

  it('keeps the chosen region for a number its calling code shares (a UK mobile libphonenumber files under Guernsey)', () => {
    expect(normalizePhone({ phone: '07911 123456', region: 'GB' })).toEqual({
      ok: true,
      e164: '+447911123456',
      region: 'GB',
    });
  });

  it.each([
    { phone: '', key: 'phone_required' },
    { phone: '   ', key: 'phone_required' },
    { phone: '07911 12345x', key: 'phone_characters' },
    { phone: '07911+123456', key: 'phone_characters' },
    { phone: '0791', key: 'phone_too_short' },
    // 19 digits: refused, never cut to 15.
    { phone: '0791112345678901234', key: 'phone_too_long' },
    { phone: '٠٧٩١١١٢٣٤٥٦٧٨٩٠١٢٣٤', key: 'phone_too_long' },
    // A range Ofcom keeps for drama: no one answers it.
    { phone: '07700 900123', key: 'phone_invalid' },
    { phone: '01632 960123', key: 'phone_invalid' },
  ])('refuses $phone in the UK: $key', ({ phone, key }) => {
    expect(normalizePhone({ phone, countryCode: '+44' })).toEqual({ ok: false, key });
  });

  it('refuses a UAE number written in the UK', () => {
    expect(normalizePhone({ phone: '050 123 4567', countryCode: '+44' })).toMatchObject({ ok: false });
  });

  it.each([
    { countryCode: '+999', region: '' },
    { countryCode: '', region: 'ZZ' },
    { countryCode: '+971', region: 'GB' },
  ])('refuses the country $countryCode $region', (country) => {
    expect(normalizePhone({ phone: '07911 123456', ...country })).toEqual({
      ok: false,
      key: 'country_code_invalid',
    });
  });

  it('writes Arabic-Indic and Persian digits as Western ones', () => {
    expect(toWesternDigits('٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹ 42')).toBe('0123456789 0123456789 42');
  });
});
