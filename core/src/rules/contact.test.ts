import { describe, expect, it } from 'vitest';
import { type ContactInput, validateContact } from './contact';

const valid: ContactInput = {
  name: 'Sara',
  countryCode: '+44',
  phone: '7700900123',
  email: 'sara@example.com',
  business: '',
  service: 'seo',
  message: 'We need a new website.',
};

describe('validateContact', () => {
  it('accepts a complete message', () => expect(validateContact(valid)).toEqual([]));

  it.each([
    { change: { name: '' }, key: 'name_required' },
    { change: { name: 'S' }, key: 'name_min' },
    { change: { name: 'Sara\r\nBcc: x@y.z' }, key: 'name_min' },
    { change: { countryCode: '+7' }, key: 'country_code_invalid' },
    { change: { phone: '' }, key: 'phone_required' },
    { change: { phone: '07700-900' }, key: 'phone_invalid' },
    { change: { phone: '+447700900123' }, key: 'phone_invalid' },
    { change: { email: '' }, key: 'email_required' },
    { change: { email: 'sara.example.com' }, key: 'email_invalid' },
    { change: { email: 'a@b\nBcc: c@d' }, key: 'email_invalid' },
    { change: { email: `${'a'.repeat(250)}@b.co` }, key: 'email_invalid' },
    { change: { business: 'b'.repeat(201) }, key: 'business_too_long' },
    { change: { business: 'Shop\r\nX-Forged: yes' }, key: 'business_single_line' },
    { change: { business: 'Shop\nSecond line' }, key: 'business_single_line' },
    { change: { business: 'Shop\u2028Second line' }, key: 'business_single_line' },
    { change: { service: '' }, key: 'service_required' },
    { change: { message: '' }, key: 'message_required' },
    { change: { message: 'too short' }, key: 'message_min' },
  ])('reports $key', ({ change, key }) => {
    expect(validateContact({ ...valid, ...change }).map((p) => p.key)).toEqual([key]);
  });
});
