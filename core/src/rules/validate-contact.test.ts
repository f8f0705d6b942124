import { describe, expect, it } from 'vitest';
import type { ContactInput } from './contact';
import { validateContact } from './validate-contact';

const valid: ContactInput = {
  name: 'Sara',
  countryCode: '+44',
  phone: '07911 123456',
  email: 'sara@example.com',
  business: '',
  service: 'seo',
  message: 'We need a new website.',
};

describe('validateContact', () => {
  it('accepts a complete message', () => expect(validateContact(valid)).toEqual([]));

  it('accepts one in Arabic, with Arabic-Indic digits, an Arabic address and a region', () => {
    const arabic = {
      ...valid,
      name: 'سارة',
      countryCode: '+971',
      region: 'AE',
      phone: '٠٥٠ ١٢٣ ٤٥٦٧',
      email: 'سارة@مثال.امارات',
      message: 'نحتاج إلى موقع جديد لمتجرنا.',
      plan: 'professional',
    };
    expect(validateContact(arabic)).toEqual([]);
  });

  it.each([
    { change: { name: '' }, field: 'name', key: 'name_required' },
    { change: { name: 'S' }, field: 'name', key: 'name_min' },
    { change: { name: 'Sara\r\nBcc: x@y.z' }, field: 'name', key: 'name_min' },
    { change: { countryCode: '+7', region: 'GB' }, field: 'countryCode', key: 'country_code_invalid' },
    { change: { countryCode: '+999' }, field: 'countryCode', key: 'country_code_invalid' },
    { change: { phone: '' }, field: 'phone', key: 'phone_required' },
    { change: { phone: '07911 abc' }, field: 'phone', key: 'phone_characters' },
    { change: { phone: '0791' }, field: 'phone', key: 'phone_too_short' },
    { change: { phone: '0791112345678901234' }, field: 'phone', key: 'phone_too_long' },
    { change: { phone: '07700 900123' }, field: 'phone', key: 'phone_invalid' },
    { change: { email: '' }, field: 'email', key: 'email_required' },
    { change: { email: 'sara.example.com' }, field: 'email', key: 'email_invalid' },
    { change: { email: 'layla@bakery' }, field: 'email', key: 'email_domain' },
    { change: { email: 'a@b.co\nBcc: c@d.co' }, field: 'email', key: 'email_control' },
    { change: { email: `${'a'.repeat(250)}@b.co` }, field: 'email', key: 'email_invalid' },
    { change: { business: 'b'.repeat(201) }, field: 'business', key: 'business_too_long' },
    { change: { business: 'Shop\r\nX-Forged: yes' }, field: 'business', key: 'business_single_line' },
    { change: { business: 'Shop\nSecond line' }, field: 'business', key: 'business_single_line' },
    { change: { business: 'Shop\u2028Second line' }, field: 'business', key: 'business_single_line' },
    { change: { service: '' }, field: 'service', key: 'service_required' },
    // Any plan key's shape passes here (editors add plans; the API checks that a visible plan has it).
    { change: { plan: 'Platinum plan' }, field: 'plan', key: 'plan_invalid' },
    { change: { plan: 'p'.repeat(41) }, field: 'plan', key: 'plan_invalid' },
    { change: { message: '' }, field: 'message', key: 'message_required' },
    { change: { message: 'too short' }, field: 'message', key: 'message_min' },
  ])('reports $key', ({ change, field, key }) => {
    expect(validateContact({ ...valid, ...change })).toEqual([{ field, key }]);
  });

  it('takes a plan an editor added, by its key', () => {
    expect(validateContact({ ...valid, plan: 'monthly-care' })).toEqual([]);
  });
});
