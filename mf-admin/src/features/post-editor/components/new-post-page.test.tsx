import { toast } from '@agency/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EditorContext } from '../../../hooks/use-editor';
import { type Call, json, mockFetch, offline } from '../../../testing/fetch';
import { clearAdminDb } from '../../../testing/idb';
import { makeMedia, mediaPage } from '../../../testing/media';
import { makePost, postsPage } from '../../../testing/posts';
import { renderAdmin } from '../../../testing/render';
import { getDraft, listDrafts, newDraftKey, saveDraft } from '../../drafts/api/draft-store';
import { emptyForm } from '../lib/form-state';
import { NewPostPage } from './new-post-page';

vi.mock('./rich-text-editor', () => import('../../../testing/rich-text-editor-stub'));

const field = (name: string) => screen.getByLabelText(name);
const submitButton = () => screen.getByRole('button', { name: /Create post|Creating…/ });

async function fill(values: Partial<Record<string, string>>) {
  for (const [label, value] of Object.entries(values)) {
    const input = await screen.findByLabelText(label);
    await userEvent.clear(input);
    if (value) await userEvent.type(input, value);
  }
}

const COMPLETE = {
  Title: 'Hello world',
  Description: 'About the world',
  Content: '<p>Body</p>',
  'SEO title': 'Hello SEO',
  'SEO description': 'SEO text',
};

const posted = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/posts');

describe('NewPostPage', () => {
  beforeEach(async () => {
    await clearAdminDb();
    window.history.replaceState(null, '', '/new_blog');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('marks every required field before anyone fails one, and explains the mark once, in both languages', async () => {
    mockFetch(() => undefined);
    for (const [lng, required, optional, note] of [
      [
        'en',
        ['Title', 'Slug', 'Description', 'SEO title', 'SEO description', 'Publication date', 'Time'],
        ['Language', 'Status'],
        'Fields marked * are required.',
      ],
      [
        'ar',
        [
          'العنوان',
          'الرابط المختصر',
          'الوصف',
          'عنوان تحسين محركات البحث',
          'وصف تحسين محركات البحث',
          'تاريخ النشر',
          'الوقت',
        ],
        ['اللغة', 'الحالة'],
        'الحقول المعلّمة بـ * مطلوبة.',
      ],
    ] as const) {
      const { unmount } = renderAdmin(<NewPostPage />, { path: '/new_blog', lng });
      expect(screen.getByText(note)).toBeInTheDocument();
      for (const name of required) {
        const input = screen.getByLabelText(name);
        expect(input, name).toBeRequired();
        // The visible sign sits beside the label, out of the field's name.
        expect(
          input.closest('.admin-field')?.querySelector('.admin-field__required'),
          name,
        ).toHaveTextContent('*');
      }
      for (const name of optional) expect(screen.getByLabelText(name), name).not.toBeRequired();
      // Content is Quill (stubbed here; rich-text-editor.test.tsx checks it is aria-required): its label is marked.
      const content = document.getElementById('post-content-label');
      expect(content?.parentElement?.querySelector('.admin-field__required')).toHaveTextContent('*');
      unmount();
    }
  });

  it.each([
    ['author', false],
    ['editor', true],
  ] as const)('offers publishing to an %s: %s (an author saves drafts only)', async (role, shown) => {
    mockFetch(() => undefined);
    renderAdmin(
      <EditorContext.Provider value={{ id: 5, email: 'a@example.com', name: 'A', role }}>
        <NewPostPage />
      </EditorContext.Provider>,
      { path: '/new_blog' },
    );
    const status = await screen.findByLabelText('Status');
    const options = within(status)
      .getAllByRole('option')
      .map((o) => o.getAttribute('value'));
    expect(options).toEqual(shown ? ['draft', 'published'] : ['draft']);
    expect(screen.queryByRole('button', { name: 'Publish now' }) !== null).toBe(shown);
  });

  it('the slug follows the title until the slug field is focused; a button resumes it', async () => {
    mockFetch(() => undefined);
    renderAdmin(<NewPostPage />, { path: '/new_blog' });
    await fill({ Title: 'Hello World!' });
    expect(field('Slug')).toHaveValue('hello-world');
    expect(screen.getByText('Follows the title')).toBeInTheDocument();
    await userEvent.click(field('Slug'));
    await fill({ Title: 'Another title' });
    expect(field('Slug')).toHaveValue('hello-world');
    await userEvent.click(screen.getByRole('button', { name: 'Generate from the title' }));
    expect(field('Slug')).toHaveValue('another-title');
    await fill({ Title: 'Third' });
    expect(field('Slug')).toHaveValue('third');
  });

  it.each([
    { values: {}, message: 'Enter a title.', invalid: 'Title' },
    { values: { Title: '!!!' }, message: 'Enter a slug.', invalid: 'Slug' },
    { values: { Title: 'T' }, message: 'Enter a description.', invalid: 'Description' },
    {
      values: { Title: 'T', Description: 'D', Content: '<p><br></p>' },
      message: 'Write the content of the post.',
      invalid: 'Content',
    },
    {
      values: { Title: 'T', Description: 'D', Content: 'C' },
      message: 'Enter an SEO title.',
      invalid: 'SEO title',
    },
    {
      values: { ...COMPLETE, 'SEO description': '   ' },
      message: 'Enter an SEO description.',
      invalid: 'SEO description',
    },
    {
      values: { ...COMPLETE, 'Publication date': '' },
      message: 'Choose a publication date and time.',
      invalid: 'Publication date',
    },
    {
      values: { ...COMPLETE, Time: '' },
      message: 'Choose a publication date and time.',
      invalid: 'Publication date',
    },
  ])('validates in the spec order: $message', async ({ values, message, invalid }) => {
    const { calls } = mockFetch(() => undefined);
    renderAdmin(<NewPostPage />, { path: '/new_blog' });
    await fill(values);
    await userEvent.click(submitButton());
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('There is a problem');
    expect(within(summary).getAllByRole('link')[0]).toHaveTextContent(message);
    expect(field(invalid)).toHaveAttribute('aria-invalid', 'true');
    // Focus goes to the summary; its link takes the editor to the field.
    await waitFor(() => expect(summary.parentElement).toHaveFocus());
    await userEvent.click(within(summary).getAllByRole('link')[0] as HTMLElement);
    expect(field(invalid)).toHaveFocus();
    expect(posted(calls)).toHaveLength(0);
  });

  it.each(['en', 'ar'] as const)(
    'reports every invalid field at once, in a summary that links to each (%s)',
    async (lng) => {
      const { calls } = mockFetch(() => undefined);
      renderAdmin(<NewPostPage />, { path: '/new_blog', lng });
      await userEvent.click(
        lng === 'en' ? submitButton() : await screen.findByRole('button', { name: 'إنشاء المقال' }),
      );
      const summary = await screen.findByRole('alert');
      expect(within(summary).getByRole('heading', { level: 2 })).toHaveTextContent(
        lng === 'en' ? 'There is a problem' : 'يوجد خطأ في النموذج',
      );
      const links = within(summary).getAllByRole('link');
      expect(links.map((link) => link.getAttribute('href'))).toEqual([
        '#post-title',
        '#post-slug',
        '#post-description',
        '#post-content',
        '#post-seo_title',
        '#post-seo_description',
      ]);
      for (const id of ['post-title', 'post-description', 'post-seo_title', 'post-seo_description'])
        expect(document.getElementById(id)).toHaveAttribute('aria-invalid', 'true');
      await waitFor(() => expect(summary.parentElement).toHaveFocus());
      await userEvent.click(links[4] as HTMLElement);
      expect(document.getElementById('post-seo_title')).toHaveFocus();
      expect(posted(calls)).toHaveLength(0);
    },
  );

  it.each([
    ['en', 'Scheduled', 'Goes out on Jan 1, 2999, 9:30 AM GMT+4', 'Publish now'],
    ['ar', 'مجدول', 'يُنشر في ١ يناير ٢٩٩٩، ٩:٣٠ ص غرينتش+٤', 'انشر الآن'],
  ] as const)(
    'names a published post dated ahead as scheduled, with its date, time and zone; "Publish now" sends it at this minute (%s)',
    async (lng, scheduled, goesOut, publishNow) => {
      const { calls } = mockFetch(({ method }) =>
        method === 'POST' ? json({ message: 'post_created', data: makePost() }, 201) : undefined,
      );
      renderAdmin(<NewPostPage />, { path: '/new_blog', lng });
      const en = lng === 'en';
      await fill(
        en
          ? { ...COMPLETE, 'Publication date': '2999-01-01', Time: '09:30' }
          : {
              العنوان: 'دليل',
              الوصف: 'عن الدليل',
              المحتوى: '<p>نص</p>',
              'عنوان تحسين محركات البحث': 'دليل',
              'وصف تحسين محركات البحث': 'نص',
              'تاريخ النشر': '2999-01-01',
              الوقت: '09:30',
            },
      );
      // The zone the date and time are in, named beside them.
      expect(screen.getByText('Asia/Dubai (UTC+04:00)')).toBeInTheDocument();
      // A draft is not scheduled, whatever its date.
      expect(screen.queryByText(scheduled)).not.toBeInTheDocument();
      await userEvent.selectOptions(screen.getByLabelText(en ? 'Status' : 'الحالة'), 'published');
      expect(await screen.findByText(scheduled)).toBeInTheDocument();
      expect(screen.getByText(goesOut)).toBeInTheDocument();

      const before = Date.now();
      await userEvent.click(screen.getByRole('button', { name: publishNow }));
      await waitFor(() => expect(posted(calls)).toHaveLength(1));
      const body = posted(calls)[0]?.body as FormData;
      expect(body.get('status')).toBe('published');
      const sent = String(body.get('published_at'));
      // This minute on the editor's clock, with its offset: out at once.
      expect(sent).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+04:00$/);
      expect(Date.parse(sent)).toBeLessThanOrEqual(before);
      expect(Date.parse(sent)).toBeGreaterThan(before - 120_000);
    },
  );

  it('sends the post without empty fields, then resets the form but keeps the language', async () => {
    let answer: (response: Response) => void = () => {};
    const { calls } = mockFetch(({ method }) =>
      method === 'POST' ? new Promise<Response>((resolve) => (answer = resolve)) : undefined,
    );
    renderAdmin(<NewPostPage />, { path: '/new_blog' });
    await userEvent.selectOptions(await screen.findByLabelText('Language'), 'ar');
    await fill({ ...COMPLETE, 'Publication date': '2026-12-01', Time: '09:30' });
    expect(screen.getByText('Asia/Dubai (UTC+04:00)')).toBeInTheDocument();
    await userEvent.click(submitButton());
    await waitFor(() => expect(submitButton()).toHaveTextContent('Creating…'));
    expect(submitButton()).toBeDisabled();
    const body = posted(calls)[0]?.body as FormData;
    expect(Object.fromEntries(body.entries())).toEqual({
      language: 'ar',
      title: 'Hello world',
      slug: 'hello-world',
      status: 'draft',
      description: 'About the world',
      content: '<p>Body</p>',
      seo_title: 'Hello SEO',
      seo_description: 'SEO text',
      // The date and time on the editor's clock (the tests' browser is in Dubai), as one moment.
      published_at: '2026-12-01T09:30:00+04:00',
    });
    await act(async () => answer(json({ message: 'post_created', data: makePost() }, 201)));
    expect(await screen.findByText('Post created.')).toBeInTheDocument();
    expect(field('Title')).toHaveValue('');
    expect(field('Slug')).toHaveValue('');
    expect(field('Content')).toHaveValue('');
    expect(field('Language')).toHaveValue('ar');
    expect(submitButton()).toBeEnabled();
    expect(screen.getByText('Saved to server')).toBeInTheDocument();
    expect(await listDrafts()).toEqual([]);
  });

  it.each([
    ['en', 'published', '2026-01-01T00:00:00.000Z', true],
    ['ar', 'published', '2026-01-01T00:00:00.000Z', true],
    ['en', 'draft', '2026-01-01T00:00:00.000Z', false],
    ['ar', 'published', '2999-01-01T00:00:00.000Z', false],
  ] as const)(
    'after create (%s, %s on %s), links to the new post’s editor, and to its public page only when readers see it',
    async (lng, status, published_at, isPublic) => {
      const created = makePost({ slug: 'دليل-السرعة', title: 'Speed guide', status, published_at });
      mockFetch(({ method }) =>
        method === 'POST' ? json({ message: 'post_created', data: created }, 201) : undefined,
      );
      renderAdmin(<NewPostPage />, { path: '/new_blog', lng });
      const en = lng === 'en';
      await fill(
        en
          ? COMPLETE
          : {
              العنوان: 'دليل',
              الوصف: 'وصف',
              المحتوى: '<p>نص</p>',
              'عنوان تحسين محركات البحث': 'س',
              'وصف تحسين محركات البحث': 'ص',
            },
      );
      await userEvent.click(screen.getByRole('button', { name: en ? 'Create post' : 'إنشاء المقال' }));
      const banner = (await screen.findByText(en ? 'Post created.' : 'تم إنشاء المقال.')).closest('div');
      const links = within(banner as HTMLElement).getAllByRole('link');
      expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
        [
          en ? 'Edit “Speed guide”' : 'تحرير «Speed guide»',
          `/edit_blog/${encodeURIComponent('دليل-السرعة')}`,
        ],
        ...(isPublic
          ? [
              [
                en ? 'View it on the blog' : 'عرضه في المدونة',
                // In the language of the screen it was opened from, as every link to a public page.
                `/blog/${encodeURIComponent('دليل-السرعة')}?lng=${en ? 'en' : 'ar'}`,
              ],
            ]
          : []),
      ]);
    },
  );

  it('keeps every change on this device within a second, and says so', async () => {
    mockFetch(() => undefined);
    renderAdmin(<NewPostPage />, { path: '/new_blog' });
    await fill({ Title: 'Unsent thoughts' });
    await waitFor(() => expect(screen.getByText(/^Saved on this device at/)).toBeInTheDocument(), {
      timeout: 1500,
    });
    const [draft] = await listDrafts();
    expect(draft?.fields.title).toBe('Unsent thoughts');
    expect(window.location.search).toBe(`?draft=${draft?.key.slice(4)}`);
  });

  it.each([
    {
      name: 'a server error',
      answer: () => json({ message: 'Boom' }, 500),
      text: 'Could not create the post: 500 - Boom',
    },
    {
      name: 'a validation error',
      answer: () => json({ message: 'slug_taken', errors: { slug: ['slug_taken'] } }, 422),
      text: 'Could not create the post: 422 - Another post already uses this slug.',
    },
    {
      name: 'no answer',
      answer: offline,
      text: 'No response from the server. Check your connection and try again.',
    },
  ])('a failed submit ($name) keeps the draft and says so', async ({ answer, text }) => {
    mockFetch(({ method }) => (method === 'POST' ? answer() : undefined));
    renderAdmin(<NewPostPage />, { path: '/new_blog' });
    await fill(COMPLETE);
    await userEvent.click(submitButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(alert).toHaveTextContent('Your work is kept on this device as a draft.');
    expect((await listDrafts())[0]?.fields.title).toBe('Hello world');
    expect(field('Title')).toHaveValue('Hello world');
  });

  it.each([
    {
      lng: 'en' as const,
      fields: COMPLETE,
      title: 'Hello world',
      submit: /Create post/,
      text: "Could not create the post: 507 - The server's disk is full, so the image could not be stored. Ask the site's administrator to free space, then try again.",
      kept: 'Your work is kept on this device as a draft.',
    },
    {
      lng: 'ar' as const,
      fields: {
        العنوان: 'مرحبا',
        الوصف: 'وصف',
        المحتوى: '<p>نص</p>',
        'عنوان تحسين محركات البحث': 'عنوان',
        'وصف تحسين محركات البحث': 'وصف',
      },
      title: 'مرحبا',
      submit: /إنشاء المقال/,
      text: 'تعذّر إنشاء المقال: 507 - قرص الخادم ممتلئ، لذلك تعذّر حفظ الصورة. اطلب من مسؤول الموقع إفراغ مساحة ثم حاول مرة أخرى.',
      kept: 'عملك محفوظ على هذا الجهاز كمسودة.',
    },
  ])(
    'a featured image the server has no disk space for ($lng): says so, and keeps the draft with the image',
    async ({ lng, fields, title, submit, text, kept }) => {
      mockFetch(({ method }) => (method === 'POST' ? json({ message: 'storage_full' }, 507) : undefined));
      renderAdmin(<NewPostPage />, { path: '/new_blog', lng });
      await fill(fields);
      fireEvent.change(document.querySelector('#post-poster_image') as HTMLInputElement, {
        target: { files: [new File(['png'], 'cover.png', { type: 'image/png' })] },
      });
      await userEvent.click(screen.getByRole('button', { name: submit }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(text);
      expect(alert).toHaveTextContent(kept);
      const [draft] = await listDrafts();
      expect(draft?.fields.title).toBe(title);
      expect(draft?.image?.name).toBe('cover.png');
    },
  );

  it('offers to restore a draft found in the address, saying when it was saved, and brings every field back', async () => {
    mockFetch(() => undefined);
    const form = emptyForm('ar', '2026-11-01');
    await saveDraft(
      {
        key: newDraftKey('d1'),
        kind: 'new',
        slug: null,
        ...form,
        fields: { ...form.fields, title: 'مسودة', slug: 'custom', description: 'وصف', content: '<p>نص</p>' },
        slugFollowsTitle: false,
        image: { blob: new Blob(['x'], { type: 'image/png' }), name: 'cover.png', type: 'image/png' },
      },
      new Date('2026-11-20T15:45:00Z'),
    );
    renderAdmin(<NewPostPage />, { path: '/new_blog?draft=d1' });
    const prompt = await screen.findByRole('alertdialog', { name: 'You have an unsent draft' });
    expect(prompt).toHaveTextContent(/saved on this device on Nov 20, 2026/);
    await userEvent.click(screen.getByRole('button', { name: 'Restore draft' }));
    expect(field('Title')).toHaveValue('مسودة');
    expect(field('Slug')).toHaveValue('custom');
    expect(field('Description')).toHaveValue('وصف');
    expect(field('Content')).toHaveValue('<p>نص</p>');
    expect(field('Content')).toHaveAttribute('dir', 'rtl');
    expect(field('Language')).toHaveValue('ar');
    // Kept before posts had a time: the start of that day.
    expect(field('Publication date')).toHaveValue('2026-11-01');
    expect(field('Time')).toHaveValue('00:00');
    expect(screen.getByText('Chosen image: cover.png')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate from the title' })).toBeInTheDocument();
  });

  it('discarding the offered draft deletes it and starts empty', async () => {
    mockFetch(() => undefined);
    await saveDraft({
      key: newDraftKey('d2'),
      kind: 'new',
      slug: null,
      ...emptyForm(),
      fields: { ...emptyForm().fields, title: 'Old' },
    });
    renderAdmin(<NewPostPage />, { path: '/new_blog?draft=d2' });
    await userEvent.click(await screen.findByRole('button', { name: 'Discard draft' }));
    expect(field('Title')).toHaveValue('');
    expect(await getDraft(newDraftKey('d2'))).toBeUndefined();
  });

  it('refuses a featured image over 2 MB and clears the file input', async () => {
    mockFetch(() => undefined);
    const error = vi.spyOn(toast, 'error');
    renderAdmin(<NewPostPage />, { path: '/new_blog' });
    const input = (await screen.findByLabelText('Choose an image')) as HTMLInputElement;
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 2_097_153 });
    const clear = vi.spyOn(input, 'value', 'set');
    fireEvent.change(input, { target: { files: [big] } });
    expect(error).toHaveBeenCalledWith('The image is larger than 2 MB.');
    expect(clear).toHaveBeenCalledWith('');
    expect(screen.queryByText(/Chosen image/)).not.toBeInTheDocument();
  });

  it('sends a chosen featured image as poster_image', async () => {
    const { calls } = mockFetch(({ method }) =>
      method === 'POST' ? json({ data: makePost() }, 201) : undefined,
    );
    renderAdmin(<NewPostPage />, { path: '/new_blog' });
    fireEvent.change(await screen.findByLabelText('Choose an image'), {
      target: { files: [new File(['png'], 'cover.png', { type: 'image/png' })] },
    });
    expect(screen.getByText('Chosen image: cover.png')).toBeInTheDocument();
    await fill(COMPLETE);
    await userEvent.click(submitButton());
    await screen.findByText('Post created.');
    const body = posted(calls)[0]?.body as FormData;
    expect((body.get('poster_image') as File).name).toBe('cover.png');
    expect(screen.queryByText(/Chosen image/)).not.toBeInTheDocument();
  });

  it('takes a featured image from the library: shown as chosen, kept in the draft, sent as library_image', async () => {
    const item = makeMedia({ id: 5, file_name: 'team.jpg' });
    const { calls } = mockFetch(({ method, url }) => {
      if (url.pathname === '/api/media') return json(mediaPage([item]));
      return method === 'POST' ? json({ data: makePost() }, 201) : undefined;
    });
    renderAdmin(<NewPostPage />, { path: '/new_blog' });
    await userEvent.click(await screen.findByRole('button', { name: 'Featured image: choose from library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose an image from the library' });
    await userEvent.click(await within(dialog).findByRole('button', { name: /team\.jpg/ }));
    expect(screen.getByText('From the library: team.jpg')).toBeInTheDocument();
    await fill(COMPLETE);
    // Kept on this device with the rest of the form.
    await waitFor(async () => expect((await listDrafts())[0]?.libraryImage?.name).toBe(item.name), {
      timeout: 3000,
    });
    await userEvent.click(submitButton());
    await screen.findByText('Post created.');
    const body = posted(calls)[0]?.body as FormData;
    expect(body.get('library_image')).toBe(item.name);
    expect(body.has('poster_image')).toBe(false);
  });

  it('a restored draft shows the library image it had chosen', async () => {
    mockFetch(() => undefined);
    const form = emptyForm('en');
    await saveDraft({
      key: newDraftKey('d3'),
      kind: 'new',
      slug: null,
      ...form,
      fields: { ...form.fields, title: 'With a library image' },
      libraryImage: {
        name: `${'d'.repeat(32)}.webp`,
        url: '/storage/poster_images/d.webp',
        file_name: 'desk.jpg',
      },
    });
    renderAdmin(<NewPostPage />, { path: '/new_blog?draft=d3' });
    await userEvent.click(await screen.findByRole('button', { name: 'Restore draft' }));
    expect(screen.getByText('From the library: desk.jpg')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove the chosen image' }));
    expect(screen.queryByText('From the library: desk.jpg')).toBeNull();
  });

  const english = makePost({
    id: 7,
    slug: 'speed-guide',
    title: 'Speed guide',
    language: 'en',
    poster_image_url: '/storage/poster_images/cover.webp',
  });
  function translating() {
    return mockFetch(({ method, url }) => {
      if (url.pathname === '/api/posts/speed-guide') return json(english);
      if (url.pathname === '/api/posts' && method === 'GET') return json(postsPage([]));
      if (method === 'POST') return json({ data: makePost({ language: 'ar' }) }, 201);
      return undefined;
    });
  }
  const ARABIC = {
    Title: 'دليل السرعة',
    Description: 'عن السرعة',
    Content: '<p>نص</p>',
    'SEO title': 'س',
    'SEO description': 'ص',
  };

  it('writes the Arabic version of a post: linked, in Arabic, keeping its image, the link kept in the draft', async () => {
    const { calls } = translating();
    renderAdmin(<NewPostPage />, { path: '/new_blog?translation_of=speed-guide' });
    expect(await screen.findByRole('link', { name: 'Speed guide' })).toHaveAttribute(
      'href',
      '/edit_blog/speed-guide',
    );
    expect(screen.getByText('English version:')).toBeInTheDocument();
    expect(field('Language')).toHaveValue('ar');
    expect(field('Title')).toHaveAttribute('dir', 'rtl');

    // The translated post's image is shown as this post's: untouched, the server copies it for this post.
    expect(
      await screen.findByText('Featured image of “Speed guide”, kept for this translation'),
    ).toBeInTheDocument();
    expect(document.querySelector('.featured-image__current img')).toHaveAttribute(
      'src',
      '/storage/poster_images/cover.webp',
    );

    // The draft on this device keeps the link (a reload or going offline finds it there).
    await fill({ Title: ARABIC.Title });
    await waitFor(async () => expect((await listDrafts())[0]?.translation?.id).toBe(7), { timeout: 3000 });

    await fill(ARABIC);
    await userEvent.click(submitButton());
    await screen.findByText('Post created.');
    const body = posted(calls)[0]?.body as FormData;
    expect(body.get('translation_of')).toBe('7');
    expect(body.get('language')).toBe('ar');
    expect(body.get('keep_translation_image')).toBe('1');
    expect(body.has('poster_image')).toBe(false);
  });

  it.each(['en', 'ar'] as const)(
    'a translation whose shown image is removed is sent without one, and says so ($lng)',
    async (lng) => {
      const { calls } = translating();
      renderAdmin(<NewPostPage />, { path: '/new_blog?translation_of=speed-guide', lng });
      const remove = lng === 'en' ? 'Remove image' : 'إزالة الصورة';
      await userEvent.click(await screen.findByRole('button', { name: remove }));
      expect(
        screen.getByText(
          lng === 'en' ? 'This translation will be saved without an image.' : 'ستُحفظ هذه الترجمة بلا صورة.',
          { exact: false },
        ),
      ).toBeInTheDocument();
      if (lng === 'ar') return;
      await fill(ARABIC);
      await userEvent.click(submitButton());
      await screen.findByText('Post created.');
      const body = posted(calls)[0]?.body as FormData;
      expect(body.get('translation_of')).toBe('7');
      expect(body.has('keep_translation_image')).toBe(false);
      expect(body.has('poster_image')).toBe(false);
    },
  );

  it('a translation of a post with no image sends no image to keep', async () => {
    const { calls } = mockFetch(({ method, url }) => {
      if (url.pathname === '/api/posts/speed-guide') return json({ ...english, poster_image_url: null });
      if (url.pathname === '/api/posts' && method === 'GET') return json(postsPage([]));
      if (method === 'POST') return json({ data: makePost({ language: 'ar' }) }, 201);
      return undefined;
    });
    renderAdmin(<NewPostPage />, { path: '/new_blog?translation_of=speed-guide' });
    await screen.findByRole('link', { name: 'Speed guide' });
    expect(screen.queryByText(/Featured image of/)).not.toBeInTheDocument();
    await fill(ARABIC);
    await userEvent.click(submitButton());
    await screen.findByText('Post created.');
    const body = posted(calls)[0]?.body as FormData;
    expect(body.get('translation_of')).toBe('7');
    expect(body.has('keep_translation_image')).toBe(false);
  });
});
