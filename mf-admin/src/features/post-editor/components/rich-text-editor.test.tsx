import { I18nextProvider } from '@agency/core';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Quill } from 'react-quill-new';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../testing/fetch';
import { createTestI18n } from '../../../testing/i18n';
import { makeMedia, mediaPage } from '../../../testing/media';
import { FakeXhr, installFakeXhr } from '../../../testing/xhr';
import RichTextEditor, { type RichTextEditorProps } from './rich-text-editor';

function renderEditor(props: Partial<RichTextEditorProps> = {}, lng: 'en' | 'ar' = 'en') {
  const onChange = vi.fn();
  const onError = vi.fn();
  const i18n = createTestI18n(lng);
  const ui = (more: Partial<RichTextEditorProps>) => (
    <I18nextProvider i18n={i18n}>
      <span id="content-label">Content</span>
      <RichTextEditor
        id="post-content"
        labelId="content-label"
        value="<p>Hello</p>"
        dir="ltr"
        language="en"
        onChange={onChange}
        onError={onError}
        {...props}
        {...more}
      />
    </I18nextProvider>
  );
  const { rerender } = render(ui({}));
  return { onChange, onError, rerender: (more: Partial<RichTextEditorProps>) => rerender(ui(more)) };
}

/** The editor as the form holds it: each change becomes its value, as in the post form. */
function Held({
  value,
  lng,
  onChange,
}: {
  value: string;
  lng: 'en' | 'ar';
  onChange: (html: string) => void;
}) {
  const [html, setHtml] = useState(value);
  return (
    <RichTextEditor
      id="post-content"
      labelId="content-label"
      value={html}
      dir={lng === 'ar' ? 'rtl' : 'ltr'}
      language={lng}
      onChange={(next) => {
        onChange(next);
        setHtml(next);
      }}
      onError={vi.fn()}
    />
  );
}

function renderHeld(value: string, lng: 'en' | 'ar' = 'en') {
  const onChange = vi.fn();
  render(
    <I18nextProvider i18n={createTestI18n(lng)}>
      <span id="content-label">Content</span>
      <Held value={value} lng={lng} onChange={onChange} />
    </I18nextProvider>,
  );
  return { onChange };
}

const image = (name: string, size: number, type = 'image/png') => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;

describe('RichTextEditor', () => {
  beforeEach(() => {
    installFakeXhr();
    document.head.innerHTML = '<meta name="api-key" content="k-1"><meta name="csrf-token" content="c-1">';
  });
  afterEach(() => vi.unstubAllGlobals());

  it("names the box where a link's address is typed, in the page's language (Quill gives it none)", () => {
    for (const [lng, name] of [
      ['en', 'Link address'],
      ['ar', 'عنوان الرابط'],
    ] as const) {
      renderEditor({}, lng);
      const box = screen.getByRole('textbox', { name });
      expect(box).toHaveAttribute('data-link', 'https://example.com');
      expect(box).toHaveAttribute('dir', 'ltr');
      // The editor itself is a required multi-line textbox, named by the form's label.
      expect(screen.getByRole('textbox', { name: 'Content' })).toHaveAttribute('aria-required', 'true');
      cleanup();
    }
  });

  it("has the spec's toolbar, named in the page's language", () => {
    renderEditor({}, 'ar');
    const toolbar = document.querySelector<HTMLElement>('.ql-toolbar');
    if (!toolbar) throw new Error('no toolbar');
    const names = within(toolbar)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual([
      'مستوى العنوان',
      'غامق',
      'مائل',
      'تسطير',
      'يتوسطه خط',
      'قائمة مرقّمة',
      'قائمة نقطية',
      'رابط',
      'إدراج صورة',
      'مسح التنسيق',
    ]);
  });

  it('does not report its own rewriting of the HTML it was given as a change', async () => {
    const { onChange } = renderEditor({ value: '<h2>Title</h2><p>Text <b>bold</b></p>' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows a new value from the form (a restored draft, a reset after create)', () => {
    const { rerender } = renderEditor();
    rerender({ value: '<p>Restored text</p>' });
    expect(screen.getByRole('textbox', { name: 'Content' })).toHaveTextContent('Restored text');
    rerender({ value: '' });
    expect(screen.getByRole('textbox', { name: 'Content' })).toHaveTextContent('');
  });

  it('is a labelled text box that writes right to left for Arabic posts', () => {
    renderEditor({ dir: 'rtl' });
    const box = screen.getByRole('textbox', { name: 'Content' });
    expect(box).toHaveAttribute('dir', 'rtl');
    expect(box).toHaveTextContent('Hello');
  });

  it('uploads an inserted image with a visible progress, then puts it in with an empty alt text and asks for one', async () => {
    const { onChange } = renderHeld('<p>Hello</p>');
    await userEvent.click(screen.getByRole('button', { name: 'Insert image' }));
    fireEvent.change(fileInput(), { target: { files: [image('cat photo.png', 1000)] } });
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/upload-image');
    expect(xhr.headers).toMatchObject({ 'x-api-key': 'k-1', 'X-CSRF-TOKEN': 'c-1' });
    expect((xhr.body as FormData).get('poster_image')).toBeInstanceOf(File);
    act(() => xhr.progress(40, 100));
    expect(screen.getByRole('progressbar', { name: 'Uploading cat photo.png' })).toHaveAttribute(
      'value',
      '0.4',
    );
    expect(screen.getByText('40%')).toBeInTheDocument();
    act(() => xhr.respond(201, '/storage/poster_images/abc.webp'));
    // Never the file name: it describes nothing.
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(
        expect.stringContaining('<img src="/storage/poster_images/abc.webp" alt="">'),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());

    // The alt text is asked for at once; Enter saves it (and does not submit the post's form).
    const alt = await screen.findByRole('textbox', { name: 'Image alt text' });
    expect(alt).toHaveFocus();
    expect(alt).toHaveValue('');
    await userEvent.type(alt, 'A grey cat asleep on a keyboard{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(
      expect.stringContaining(
        '<img src="/storage/poster_images/abc.webp" alt="A grey cat asleep on a keyboard">',
      ),
    );
    expect(screen.queryByRole('textbox', { name: 'Image alt text' })).not.toBeInTheDocument();
  });

  it('inserts an image of the library where the cursor was, with its alt text in the post’s language', async () => {
    const item = makeMedia({ id: 3, file_name: 'team.jpg', alt: { en: 'The team', ar: 'الفريق' } });
    mockFetch(({ url }) => (url.pathname === '/api/media' ? json(mediaPage([item])) : undefined));
    const onChange = vi.fn();
    render(
      <I18nextProvider i18n={createTestI18n('en')}>
        <Held value="<p>Hello</p>" lng="ar" onChange={onChange} />
      </I18nextProvider>,
    );
    const quill = Quill.find(document.querySelector('.ql-container') as Element) as Quill;
    act(() => quill.setSelection(2, 0, 'user'));
    await userEvent.click(screen.getByRole('button', { name: 'Insert from library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose an image from the library' });
    await userEvent.click(await within(dialog).findByRole('button', { name: /team\.jpg/ }));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(`<p>He<img src="${item.url}" alt="الفريق">llo</p>`),
    );
    // The alt text is asked for as for an upload, with the library's already written.
    const alt = await screen.findByRole('textbox', { name: 'Image alt text' });
    expect(alt).toHaveValue('الفريق');
  });

  it('offers the alt text of the image just before the cursor, so a keyboard user reaches it too', async () => {
    renderHeld('<p>Before</p><p><img src="/storage/poster_images/abc.webp" alt="">After</p>');
    const quill = Quill.find(document.querySelector('.ql-container') as Element) as Quill;
    const action = () => screen.queryByRole('button', { name: 'Edit image alt text' });
    // "Before\n" is 7 long: the image is at 7, the cursor after it at 8.
    act(() => quill.setSelection(3, 0, 'user'));
    expect(action()).not.toBeInTheDocument();
    act(() => quill.setSelection(8, 0, 'user'));
    expect(action()).toBeInTheDocument();
    act(() => quill.setSelection(10, 0, 'user'));
    expect(action()).not.toBeInTheDocument();
    // Shift+Arrow over it selects it: offered too.
    act(() => quill.setSelection(7, 1, 'user'));
    expect(action()).toBeInTheDocument();
  });

  it.each([
    ['en', 'Edit image alt text', 'Image alt text', 'Save alt text', 'A chart of page speed'],
    ['ar', 'تعديل النص البديل للصورة', 'النص البديل للصورة', 'حفظ النص البديل', 'رسم بياني لسرعة الصفحة'],
  ] as const)(
    'changes the alt text of an image already in the post, chosen by clicking it (%s)',
    async (lng, action, label, save, text) => {
      const { onChange } = renderHeld(
        '<p>Before</p><p><img src="/storage/poster_images/abc.webp" alt="old words"></p>',
        lng,
      );
      expect(screen.queryByRole('button', { name: action })).not.toBeInTheDocument();
      const img = () => document.querySelector('.ql-editor img') as HTMLImageElement;
      await userEvent.click(img());
      await userEvent.click(await screen.findByRole('button', { name: action }));
      const alt = screen.getByRole('textbox', { name: label });
      expect(alt).toHaveValue('old words');
      await userEvent.clear(alt);
      await userEvent.type(alt, text);
      await userEvent.click(screen.getByRole('button', { name: save }));
      expect(onChange).toHaveBeenLastCalledWith(
        `<p>Before</p><p><img src="/storage/poster_images/abc.webp" alt="${text}"></p>`,
      );
      // Emptied, it stays present and empty: the image is decoration.
      await userEvent.click(img());
      await userEvent.click(await screen.findByRole('button', { name: action }));
      await userEvent.clear(screen.getByRole('textbox', { name: label }));
      await userEvent.click(screen.getByRole('button', { name: save }));
      expect(onChange).toHaveBeenLastCalledWith(
        '<p>Before</p><p><img src="/storage/poster_images/abc.webp" alt=""></p>',
      );
    },
  );

  it.each([
    { file: image('huge.png', 2_097_153), message: 'The image is larger than 2 MB.' },
    {
      file: image('notes.pdf', 100, 'application/pdf'),
      message: 'The file must be an image (PNG, JPEG, GIF, WebP or AVIF).',
    },
  ])('refuses $file.name before uploading', ({ file, message }) => {
    const { onError } = renderEditor();
    fireEvent.change(fileInput(), { target: { files: [file] } });
    expect(onError).toHaveBeenCalledWith(message);
    expect(FakeXhr.last).toBeNull();
  });

  it.each([
    {
      answer: (x: FakeXhr) => x.respond(422, { message: 'image_type_error' }),
      message: 'The file must be an image (PNG, JPEG, GIF, WebP or AVIF).',
    },
    {
      answer: (x: FakeXhr) => x.respond(500, { message: 'boom' }),
      message: 'The image could not be uploaded.',
    },
    { answer: (x: FakeXhr) => x.fail(), message: 'The image could not be uploaded.' },
  ])('says when the upload fails ($message)', async ({ answer, message }) => {
    const { onError } = renderEditor();
    fireEvent.change(fileInput(), { target: { files: [image('a.png', 10)] } });
    act(() => answer(FakeXhr.last as FakeXhr));
    await waitFor(() => expect(onError).toHaveBeenCalledWith(message));
  });

  it.each([
    {
      lng: 'en' as const,
      status: 507,
      key: 'storage_full',
      message:
        "The server's disk is full, so the image could not be stored. Ask the site's administrator to free space, then try again.",
    },
    {
      lng: 'en' as const,
      status: 503,
      key: 'storage_unavailable',
      message:
        "The server cannot store images right now: its storage cannot be written. Ask the site's administrator, then try again.",
    },
    {
      lng: 'ar' as const,
      status: 507,
      key: 'storage_full',
      message: 'قرص الخادم ممتلئ، لذلك تعذّر حفظ الصورة. اطلب من مسؤول الموقع إفراغ مساحة ثم حاول مرة أخرى.',
    },
    {
      lng: 'ar' as const,
      status: 503,
      key: 'storage_unavailable',
      message:
        'لا يستطيع الخادم حفظ الصور الآن: لا يمكن الكتابة في مساحة التخزين. تواصل مع مسؤول الموقع ثم حاول مرة أخرى.',
    },
  ])(
    'says in $lng when the server cannot store the image ($status $key), and keeps the text',
    async ({ lng, status, key, message }) => {
      const { onError, onChange } = renderEditor({}, lng);
      fireEvent.change(fileInput(), { target: { files: [image('a.png', 10)] } });
      act(() => (FakeXhr.last as FakeXhr).respond(status, { message: key }));
      await waitFor(() => expect(onError).toHaveBeenCalledWith(message));
      expect(screen.getByRole('textbox', { name: 'Content' })).toHaveTextContent('Hello');
      expect(onChange).not.toHaveBeenCalled();
    },
  );
});
