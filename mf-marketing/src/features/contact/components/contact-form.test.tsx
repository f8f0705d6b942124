import { SITE_CONFIG_ELEMENT_ID, type SiteConfig, toast } from '@agency/core';
import { CONTACT_SENT } from '@agency/core/contact-queue';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderMarketing, TEXTS } from '../../../testing/render';
import { CONTACT_DRAFT_KEY } from '../lib/contact-draft';
import { ContactForm } from './contact-form';
import { ContactSection } from './contact-section';

/** The site-config block the server writes into the page, with these settings. */
function installSite(settings: Partial<SiteConfig>): void {
  document.getElementById(SITE_CONFIG_ELEMENT_ID)?.remove();
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = SITE_CONFIG_ELEMENT_ID;
  script.textContent = JSON.stringify(settings);
  document.head.append(script);
}

const SERVICES = {
  en: [
    { id: 1, key: 'seo', name: 'SEO Services' },
    { id: 2, key: 'branding', name: 'Branding' },
  ],
  ar: [
    { id: 1, key: 'seo', name: 'خدمات تحسين محركات البحث' },
    { id: 2, key: 'branding', name: 'الهوية التجارية' },
  ],
};

type Handler = (url: URL, init: RequestInit) => Promise<Response> | Response;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The plans the form offers for SEO, as the agency named them (GET /api/pricing). */
const PRICING = {
  language: 'en',
  categories: [
    {
      key: 'seo',
      name: 'SEO Services',
      plans: ['starter', 'professional', 'advanced'].map((key, i) => ({
        id: i + 1,
        key,
        name: `SEO ${key}`,
        description: '',
        type: 'monthly',
        price: 300,
        currency: 'GBP',
        unit: '',
        features: [],
        highlighted: false,
      })),
    },
    // A category an editor added that is no service: its plans go with any service.
    {
      key: 'retainers',
      name: 'Retainers',
      plans: [
        {
          id: 9,
          key: 'monthly-care',
          name: 'Monthly care',
          description: '',
          type: 'monthly',
          price: 900,
          currency: 'GBP',
          unit: '',
          features: [],
          highlighted: false,
        },
      ],
    },
  ],
};

let contactHandler: Handler;
const sent: { body: unknown; headers: Headers }[] = [];

function stubApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/services') {
        const lng = url.searchParams.get('language') === 'ar' ? 'ar' : 'en';
        return json({ data: { data: SERVICES[lng] } });
      }
      if (url.pathname === '/api/pricing') return json({ data: PRICING });
      if (url.pathname === '/api/contact') {
        sent.push({ body: JSON.parse(String(init.body)), headers: new Headers(init.headers) });
        return contactHandler(url, init);
      }
      return json({ message: 'Not found' }, 404);
    }),
  );
}

async function fillValid(user: ReturnType<typeof userEvent.setup>, texts = TEXTS.en) {
  await user.type(screen.getByLabelText(texts.contact.fields.name), 'Layla Haddad');
  await user.type(screen.getByLabelText(texts.contact.fields.email), 'layla@example.com');
  await user.selectOptions(screen.getByLabelText(texts.contact.fields.countryCode), 'AE');
  await user.type(screen.getByLabelText(texts.contact.fields.phoneNumber), '050 123 4567');
  await user.type(screen.getByLabelText(texts.contact.fields.business), 'Haddad Bakery');
  const service = screen.getByLabelText(texts.contact.fields.service);
  await waitFor(() => expect(service).toBeEnabled());
  await user.selectOptions(service, 'seo');
  await user.type(
    screen.getByLabelText(texts.contact.fields.message),
    'We need a new website for our bakery.',
  );
}

describe('ContactForm', () => {
  beforeEach(() => {
    localStorage.clear();
    sent.length = 0;
    contactHandler = () => json({ success: true, message: 'contact_sent' });
    stubApi();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the services of the current language', async () => {
    await renderMarketing(<ContactForm />);
    const select = screen.getByLabelText(TEXTS.en.contact.fields.service);
    expect(select).toBeDisabled();
    expect(screen.getByText(TEXTS.en.contact.servicesLoading)).toBeInTheDocument();
    expect(await within(select).findByRole('option', { name: 'SEO Services' })).toBeInTheDocument();
    expect(select).toBeEnabled();
  });

  it("offers every country by its name, the spec's seven first, starting on the visitor's region", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'en-AE']);
    const user = userEvent.setup();
    await renderMarketing(<ContactForm />);
    const countries = screen.getByLabelText(TEXTS.en.contact.fields.countryCode);
    // The calling code is isolated left to right (U+2066...U+2069), so that it reads +971 after an Arabic name.
    const text = (option: HTMLElement) => option.textContent?.replace(/[\u2066\u2069]/g, '');
    // The page's language first (English in the UAE), over the first locale with a region.
    expect(countries).toHaveValue('AE');
    // The seven of the spec at first; every other country once the visitor starts on the form.
    expect(within(countries).getAllByRole('option').map(text)).toEqual([
      'United States +1',
      'United Kingdom +44',
      'Syria +963',
      'Egypt +20',
      'United Arab Emirates +971',
      'Saudi Arabia +966',
      'Germany +49',
    ]);
    await user.click(screen.getByLabelText(TEXTS.en.contact.fields.name));
    await waitFor(() => expect(within(countries).getAllByRole('group')).toHaveLength(2));
    const [featured, all] = within(countries).getAllByRole('group');
    expect(within(featured as HTMLElement).getAllByRole('option')).toHaveLength(7);
    const others = within(all as HTMLElement)
      .getAllByRole('option')
      .map(text);
    expect(others.length).toBeGreaterThan(200);
    expect(others.slice(0, 2)).toEqual(['Afghanistan +93', 'Åland Islands +358']);
    await user.selectOptions(countries, 'JO');
    expect(countries).toHaveValue('JO');
  });

  it('starts a visitor from beyond the seven on their own country', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ar-JO']);
    await renderMarketing(<ContactForm />, { lng: 'ar' });
    const countries = screen.getByLabelText(TEXTS.ar.contact.fields.countryCode);
    await waitFor(() => expect(countries).toHaveValue('JO'));
    expect(within(countries).getByRole('option', { selected: true }).textContent).toBe(
      'الأردن \u2066+962\u2069',
    );
  });

  it('names the countries in Arabic on an Arabic page, and starts an Arabic visitor on their own country', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB', 'ar-SA']);
    await renderMarketing(<ContactForm />, { lng: 'ar' });
    const countries = screen.getByLabelText(TEXTS.ar.contact.fields.countryCode);
    expect(countries).toHaveValue('SA');
    expect(
      within(countries).getByRole('option', {
        name: (name) => name.replace(/[\u2066\u2069]/g, '') === 'الإمارات العربية المتحدة +971',
      }),
    ).toBeInTheDocument();
  });

  it("starts on the site's default country when the visitor's locale names none", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ar']);
    await renderMarketing(<ContactForm />, { lng: 'ar' });
    expect(screen.getByLabelText(TEXTS.ar.contact.fields.countryCode)).toHaveValue('GB');
  });

  it("starts on the country the site settings name when the visitor's locale names none", async () => {
    installSite({ defaultCountry: 'AE' });
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ar']);
    await renderMarketing(<ContactForm />, { lng: 'ar' });
    expect(screen.getByLabelText(TEXTS.ar.contact.fields.countryCode)).toHaveValue('AE');
    document.getElementById(SITE_CONFIG_ELEMENT_ID)?.remove();
  });

  it("shows the agency's address, phone and e-mail from the site settings on the contact page", async () => {
    installSite({ address: '١ شارع الشيخ زايد\nدبي', phone: '+971 4 000 0000', email: 'hi@nimbus.example' });
    await renderMarketing(<ContactSection details form={ContactForm} />, { lng: 'ar' });
    // The section shows with the form, once the form's code is here.
    const details = (await screen.findByText(TEXTS.ar.contact.details.address)).closest('dl') as HTMLElement;
    expect(within(details).getByText(/شارع الشيخ زايد/)).toBeInTheDocument();
    expect(within(details).getByRole('link', { name: '+971 4 000 0000' })).toHaveAttribute(
      'href',
      'tel:+97140000000',
    );
    expect(within(details).getByRole('link', { name: 'hi@nimbus.example' })).toHaveAttribute(
      'href',
      'mailto:hi@nimbus.example',
    );
    document.getElementById(SITE_CONFIG_ELEMENT_ID)?.remove();
  });

  it('takes a number written with Arabic-Indic digits and spaces, and never cuts a long one', async () => {
    const user = userEvent.setup();
    await renderMarketing(<ContactForm />);
    await fillValid(user);
    const phone = screen.getByLabelText(TEXTS.en.contact.fields.phoneNumber);
    await user.clear(phone);
    await user.type(phone, '0501234567890123456');
    expect(phone).toHaveValue('0501234567890123456');
    await user.click(screen.getByRole('button', { name: TEXTS.en.contact.submit }));
    expect(
      screen.getByText(TEXTS.en.contact.errors.phone_too_long.replace('{{country}}', 'United Arab Emirates')),
    );
    expect(sent).toHaveLength(0);
    await user.clear(phone);
    await user.type(phone, '٠٥٠ ١٢٣ ٤٥٦٧');
    await user.click(screen.getByRole('button', { name: TEXTS.en.contact.submit }));
    expect(await screen.findByRole('status')).toHaveTextContent(TEXTS.en.contact.sent);
    expect(sent[0]?.body).toMatchObject({ countryCode: '+971', region: 'AE', phone: '٠٥٠ ١٢٣ ٤٥٦٧' });
  });

  it('refuses a number that is not valid in its country, naming the country', async () => {
    const user = userEvent.setup();
    await renderMarketing(<ContactForm />);
    await fillValid(user);
    await user.selectOptions(screen.getByLabelText(TEXTS.en.contact.fields.countryCode), 'GB');
    const phone = screen.getByLabelText(TEXTS.en.contact.fields.phoneNumber);
    await user.clear(phone);
    // A range kept for drama: no one answers it.
    await user.type(phone, '07700 900123');
    await user.click(screen.getByRole('button', { name: TEXTS.en.contact.submit }));
    expect(phone).toHaveAccessibleDescription(
      expect.stringContaining('This is not a valid phone number in United Kingdom.'),
    );
    expect(sent).toHaveLength(0);
  });

  it('arrives with the service and plan chosen on another page, and sends them', async () => {
    const user = userEvent.setup();
    await renderMarketing(<ContactForm />, { path: '/contact?service=branding&plan=professional' });
    const service = screen.getByLabelText(TEXTS.en.contact.fields.service);
    await waitFor(() => expect(service).toBeEnabled());
    expect(service).toHaveValue('branding');
    expect(screen.getByLabelText(TEXTS.en.contact.fields.plan)).toHaveValue('professional');
    await user.type(screen.getByLabelText(TEXTS.en.contact.fields.name), 'Layla Haddad');
    await user.type(screen.getByLabelText(TEXTS.en.contact.fields.email), 'layla@example.com');
    await user.type(screen.getByLabelText(TEXTS.en.contact.fields.phoneNumber), '+971 50 123 4567');
    await user.type(screen.getByLabelText(TEXTS.en.contact.fields.message), 'A new logo for our bakery.');
    await user.click(screen.getByRole('button', { name: TEXTS.en.contact.submit }));
    expect(await screen.findByRole('status')).toHaveTextContent(TEXTS.en.contact.sent);
    expect(sent[0]?.body).toMatchObject({
      service: 'branding',
      plan: 'professional',
      phone: '+971 50 123 4567',
    });
  });

  it('offers the chosen service’s plans by the names the agency gave them', async () => {
    await renderMarketing(<ContactForm />, { path: '/contact?service=seo&plan=advanced' });
    const plan = screen.getByLabelText(TEXTS.en.contact.fields.plan);
    await waitFor(() =>
      expect(within(plan).getByRole('option', { name: 'SEO advanced' })).toBeInTheDocument(),
    );
    expect(plan).toHaveValue('advanced');
    expect(
      within(plan)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      TEXTS.en.contact.planPlaceholder,
      'SEO starter',
      'SEO professional',
      'SEO advanced',
      'Monthly care',
    ]);
  });

  it('arrives with a plan an editor added in a category that is no service, and keeps it with a service', async () => {
    const user = userEvent.setup();
    await renderMarketing(<ContactForm />, { path: '/contact?service=retainers&plan=monthly-care' });
    const service = screen.getByLabelText(TEXTS.en.contact.fields.service);
    const plan = screen.getByLabelText(TEXTS.en.contact.fields.plan);
    await waitFor(() => expect(plan).toHaveValue('monthly-care'));
    // `retainers` is no service: the list asks for one.
    expect(service).toHaveValue('');
    await user.selectOptions(service, 'seo');
    expect(plan).toHaveValue('monthly-care');
  });

  it('ignores a plan the site does not have', async () => {
    await renderMarketing(<ContactForm />, { path: '/contact?plan=platinum' });
    expect(screen.getByLabelText(TEXTS.en.contact.fields.plan)).toHaveValue('');
  });

  it('sends the message, says so, and starts again from the defaults', async () => {
    const success = vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    await renderMarketing(<ContactForm />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: TEXTS.en.contact.submit }));

    expect(await screen.findByRole('status')).toHaveTextContent(TEXTS.en.contact.sent);
    expect(success).toHaveBeenCalledWith(TEXTS.en.contact.sent);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      name: 'Layla Haddad',
      countryCode: '+971',
      region: 'AE',
      phone: '050 123 4567',
      email: 'layla@example.com',
      business: 'Haddad Bakery',
      service: 'seo',
      plan: '',
      message: 'We need a new website for our bakery.',
      website: '',
    });
    expect(sent[0]?.headers.get('X-CSRF-TOKEN')).toBe('test-token');
    expect(screen.getByLabelText(TEXTS.en.contact.fields.name)).toHaveValue('');
    // The country stays as chosen: a next message most likely comes from the same place.
    expect(screen.getByLabelText(TEXTS.en.contact.fields.countryCode)).toHaveValue('AE');
    expect(localStorage.getItem(CONTACT_DRAFT_KEY)).toBeNull();
  });

  it('makes the button unavailable and says it is sending while the message is on its way, then focuses the result', async () => {
    let answer: (r: Response) => void = () => undefined;
    contactHandler = () => new Promise<Response>((resolve) => (answer = resolve));
    const user = userEvent.setup();
    await renderMarketing(<ContactForm />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: TEXTS.en.contact.submit }));
    const busy = screen.getByRole('button', { name: TEXTS.en.contact.submitting });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    // Unavailable, not disabled: it keeps the focus, and a second press sends nothing more.
    expect(busy).toHaveFocus();
    await user.click(busy);
    await act(async () => answer(json({ success: true, message: 'contact_sent' })));
    const button = await screen.findByRole('button', { name: TEXTS.en.contact.submit });
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('status')).toHaveTextContent(TEXTS.en.contact.sent);
    expect(screen.getByRole('status')).toHaveFocus();
    expect(sent).toHaveLength(1);
  });

  it('checks every field before sending and puts the cursor on the first problem', async () => {
    const user = userEvent.setup();
    await renderMarketing(<ContactForm />);
    await user.click(screen.getByRole('button', { name: TEXTS.en.contact.submit }));
    const errors = TEXTS.en.contact.errors;
    for (const text of [
      errors.name_required,
      errors.phone_required,
      errors.email_required,
      errors.service_required,
      errors.message_required,
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    const name = screen.getByLabelText(TEXTS.en.contact.fields.name);
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(errors.name_required);
    expect(sent).toHaveLength(0);
  });

  it('says aloud that the message was not sent and why, each time a submit is refused, in both languages', async () => {
    for (const lng of ['en', 'ar'] as const) {
      const texts = TEXTS[lng];
      const user = userEvent.setup();
      const { unmount } = await renderMarketing(<ContactForm />, { lng });
      expect(screen.queryByRole('alert')).toBeNull();
      await user.click(screen.getByRole('button', { name: texts.contact.submit }));
      const first = screen.getByRole('alert');
      expect(first).toHaveTextContent(
        texts.contact.errors.summary.replace('{{error}}', texts.contact.errors.name_required),
      );
      // A second refusal is a new alert, so that it is said again even with the same words.
      await user.click(screen.getByRole('button', { name: texts.contact.submit }));
      expect(screen.getByRole('alert')).not.toBe(first);
      await user.type(screen.getByLabelText(texts.contact.fields.name), 'Layla Haddad');
      await user.click(screen.getByRole('button', { name: texts.contact.submit }));
      expect(screen.getByRole('alert')).toHaveTextContent(texts.contact.errors.phone_required);
      unmount();
      localStorage.clear();
    }
  });

  it('announces a bad phone number and e-mail address in toasts too (spec)', async () => {
    const error = vi.spyOn(toast, 'error');
    const user = userEvent.setup();
    await renderMarketing(<ContactForm />);
    await fillValid(user);
    await user.clear(screen.getByLabelText(TEXTS.en.contact.fields.phoneNumber));
    await user.type(screen.getByLabelText(TEXTS.en.contact.fields.phoneNumber), '50-12x');
    await user.clear(screen.getByLabelText(TEXTS.en.contact.fields.email));
    await user.type(screen.getByLabelText(TEXTS.en.contact.fields.email), 'layla@bakery');
    await user.click(screen.getByRole('button', { name: TEXTS.en.contact.submit }));
    expect(error).toHaveBeenCalledWith(TEXTS.en.contact.errors.phone_characters);
    expect(error).toHaveBeenCalledWith(TEXTS.en.contact.errors.email_domain);
    expect(screen.getByLabelText(TEXTS.en.contact.fields.phoneNumber)).toHaveFocus();
    expect(sent).toHaveLength(0);
  });

  it('sends each message with its own Idempotency-Key, a UUID', async () => {
    contactHandler = () => json({ success: true, message: 'contact_sent' });
    const user = userEvent.setup();
    await renderMarketing(<ContactForm />);
    for (let i = 0; i < 2; i++) {
      await fillValid(user);
      await user.click(screen.getByRole('button', { name: TEXTS.en.contact.submit }));
      await screen.findByText(TEXTS.en.contact.sent);
    }
    const keys = sent.map(({ headers }) => headers.get('Idempotency-Key'));
    for (const key of keys)
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(2);
  });

  it('says a message the service worker kept offline is saved, then that it went when the worker says so', async () => {
    // The worker's answer when the network failed: it keeps the request and sends it when online.
    contactHandler = () => json({ success: true, message: 'contact_queued' }, 202);
    const worker = new EventTarget();
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { serviceWorker: worker }));
    const user = userEvent.setup();
    await renderMarketing(<ContactForm />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: TEXTS.en.contact.submit }));
    expect(await screen.findByRole('status')).toHaveTextContent(TEXTS.en.contact.queued);
    // The worker has it: the form is empty again and keeps no draft, so it is not sent twice.
    expect(screen.getByLabelText(TEXTS.en.contact.fields.name)).toHaveValue('');
    expect(localStorage.getItem(CONTACT_DRAFT_KEY)).toBeNull();
    const key = sent[0]?.headers.get('Idempotency-Key');
    const news = (data: object) => worker.dispatchEvent(Object.assign(new Event('message'), { data }));
    // Another message's news changes nothing here.
    act(() => news({ type: CONTACT_SENT, key: 'another', ok: true }));
    expect(screen.getByRole('status')).toHaveTextContent(TEXTS.en.contact.queued);
    act(() => news({ type: CONTACT_SENT, key, ok: true }));
    expect(await screen.findByRole('status')).toHaveTextContent(TEXTS.en.contact.sent);
  });

  it('keeps everything typed when there is no connection, and says so', async () => {
    contactHandler = () => Promise.reject(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    await renderMarketing(<ContactForm />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: TEXTS.en.contact.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTS.en.contact.errors.offline);
    expect(screen.getByLabelText(TEXTS.en.contact.fields.name)).toHaveValue('Layla Haddad');
    expect(JSON.parse(localStorage.getItem(CONTACT_DRAFT_KEY) ?? '{}')).toMatchObject({
      name: 'Layla Haddad',
      message: 'We need a new website for our bakery.',
    });
  });

  it.each([
    { status: 429, body: { success: false, message: 'too_many_requests' }, text: 'too_many_requests' },
    { status: 500, body: { message: 'Server Error' }, text: 'failed' },
  ] as const)(
    'says why the server refused ($status) and keeps the message',
    async ({ status, body, text }) => {
      contactHandler = () => json(body, status);
      const user = userEvent.setup();
      await renderMarketing(<ContactForm />);
      await fillValid(user);
      await user.click(screen.getByRole('button', { name: TEXTS.en.contact.submit }));
      expect(await screen.findByRole('alert')).toHaveTextContent(TEXTS.en.contact.errors[text]);
      expect(screen.getByLabelText(TEXTS.en.contact.fields.message)).toHaveValue(
        'We need a new website for our bakery.',
      );
    },
  );

  it("shows the server's field errors beside their fields", async () => {
    contactHandler = () =>
      json({ success: false, message: 'service_invalid', errors: { service: ['service_invalid'] } }, 422);
    const user = userEvent.setup();
    await renderMarketing(<ContactForm />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: TEXTS.en.contact.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTS.en.contact.errors.service_invalid);
    const service = screen.getByLabelText(TEXTS.en.contact.fields.service);
    expect(service).toHaveAttribute('aria-invalid', 'true');
    expect(service).toHaveFocus();
  });

  it('brings back an unsent message after a reload', async () => {
    localStorage.setItem(
      CONTACT_DRAFT_KEY,
      JSON.stringify({
        name: 'Omar',
        countryCode: '+20',
        phone: '1001234567',
        message: 'Half written',
        x: 1,
      }),
    );
    await renderMarketing(<ContactForm />);
    expect(screen.getByRole('status')).toHaveTextContent(TEXTS.en.contact.draftRestored);
    expect(screen.getByLabelText(TEXTS.en.contact.fields.name)).toHaveValue('Omar');
    // A draft kept before every country was offered: its calling code's country.
    expect(screen.getByLabelText(TEXTS.en.contact.fields.countryCode)).toHaveValue('EG');
    expect(screen.getByLabelText(TEXTS.en.contact.fields.message)).toHaveValue('Half written');
  });

  it('speaks Arabic: labels, services and messages', async () => {
    const user = userEvent.setup();
    await renderMarketing(<ContactForm />, { lng: 'ar' });
    const ar = TEXTS.ar.contact;
    expect(
      await within(screen.getByLabelText(ar.fields.service)).findByRole('option', {
        name: 'خدمات تحسين محركات البحث',
      }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: ar.submit }));
    expect(screen.getByText(ar.errors.name_required)).toBeInTheDocument();
    await fillValid(user, TEXTS.ar);
    await user.click(screen.getByRole('button', { name: ar.submit }));
    expect(await screen.findByText(ar.sent)).toBeInTheDocument();
  });

  it('hides the robot trap from people and assistive technology', async () => {
    await renderMarketing(<ContactForm />);
    const trap = document.querySelector('input[name="website"]');
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap?.closest('[aria-hidden="true"]')).not.toBeNull();
  });
});
