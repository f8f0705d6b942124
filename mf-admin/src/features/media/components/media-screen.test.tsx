import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EditorContext } from '../../../hooks/use-editor';
import { stubConfirm } from '../../../testing/confirm';
import { type Call, json, mockFetch } from '../../../testing/fetch';
import { makeMedia, mediaPage } from '../../../testing/media';
import { renderAdmin } from '../../../testing/render';
import { FakeXhr, installFakeXhr } from '../../../testing/xhr';
import { MediaScreen } from './media-screen';

const USED = makeMedia({
  id: 2,
  file_name: 'team.jpg',
  alt: { en: 'The team', ar: 'الفريق' },
  bytes: 1_468_006,
  uses: [
    {
      kind: 'post',
      role: 'featured',
      id: 7,
      language: 'en',
      title: 'Hello there',
      edit_url: '/edit_blog/hello-there',
    },
    {
      kind: 'service',
      role: 'image',
      id: 3,
      language: 'ar',
      title: 'تحسين',
      edit_url: '/site/services/seo?language=ar',
    },
  ],
});
const FREE = makeMedia({ id: 1, file_name: 'office.png' });

/** A fake library: lists `items` (each search asked is kept), and answers writes with `write`. */
function server(items = [USED, FREE], write?: (call: Call) => Response | undefined) {
  const asked: URLSearchParams[] = [];
  const writes: Call[] = [];
  mockFetch((call) => {
    if (call.url.pathname === '/api/media' && call.method === 'GET') {
      asked.push(call.url.searchParams);
      const q = call.url.searchParams.get('q');
      return json(mediaPage(q ? items.filter((item) => item.file_name.includes(q)) : items));
    }
    if (call.url.pathname.startsWith('/api/media/')) {
      writes.push(call);
      return write?.(call);
    }
    return undefined;
  });
  return { asked, writes };
}

const AUTHOR = { id: 9, email: 'author@example.com', name: 'Ada Author', role: 'author' as const };

function renderScreen({
  lng = 'en',
  path = '/site/media',
  role,
}: {
  lng?: 'en' | 'ar';
  path?: string;
  role?: 'author';
} = {}) {
  const ui: ReactElement = role ? (
    <EditorContext.Provider value={AUTHOR}>
      <MediaScreen />
    </EditorContext.Provider>
  ) : (
    <MediaScreen />
  );
  return renderAdmin(ui, { lng, path });
}

const list = () => screen.findByRole('list', { name: 'Images, newest first' });

describe('MediaScreen', () => {
  beforeEach(() => {
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      callback(0);
      return 0;
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists each image with its name, size, alt texts and uses, newest first', async () => {
    server();
    renderScreen();
    const items = within(await list()).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const used = within(items[0] as HTMLElement);
    expect(used.getByRole('button', { name: 'team.jpg' })).toBeInTheDocument();
    expect(used.getByText(/1\.4 MB · 1200 × 800 px/)).toBeInTheDocument();
    expect(used.getByText('The team')).toBeInTheDocument();
    expect(used.getByText('الفريق')).toHaveAttribute('dir', 'rtl');
    expect(used.getByText('Used in 2 places')).toBeInTheDocument();
    const free = within(items[1] as HTMLElement);
    expect(free.getAllByText('No alt text')).toHaveLength(2);
    expect(free.getByText('Not used')).toBeInTheDocument();
    // The thumbnail is the 480 px wide copy, and says nothing the name beside it does not.
    expect((items[1] as HTMLElement).querySelector('img')).toHaveAttribute(
      'src',
      `/storage/poster_images/${FREE.name.replace('.webp', '-480w.webp')}`,
    );
    expect((items[1] as HTMLElement).querySelector('img')).toHaveAttribute('alt', '');
    expect(screen.getByText('2 images')).toHaveAttribute('role', 'status');
  });

  it('in Arabic: Arabic words and digits', async () => {
    server();
    renderScreen({ lng: 'ar' });
    const items = within(await screen.findByRole('list', { name: 'الصور، الأحدث أولًا' })).getAllByRole(
      'listitem',
    );
    expect(within(items[0] as HTMLElement).getByText(/١٫٤ م\.ب/)).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('مستخدمة في مكانين')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'مكتبة الوسائط' })).toBeInTheDocument();
  });

  it('searches through the address, and says when nothing matches or the library is empty', async () => {
    const { asked } = server();
    const user = userEvent.setup();
    renderScreen();
    await list();
    await user.type(screen.getByRole('searchbox', { name: 'Search images' }), 'nothing');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No image matches “nothing”.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/site/media?q=nothing');
    expect(asked.at(-1)?.get('q')).toBe('nothing');
    expect(asked.at(-1)?.get('per_page')).toBe('24');
    await user.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(await list()).toBeInTheDocument();
  });

  it('says so when the library has no image yet', async () => {
    server([]);
    renderScreen();
    expect(
      await screen.findByText(
        'No images yet. Upload one here, or add one to a post, project, service or logo.',
      ),
    ).toBeInTheDocument();
  });

  it('opens the page of the address', async () => {
    const { asked } = server();
    renderScreen({ path: '/site/media?q=team&page=2' });
    await waitFor(() => expect(asked.at(-1)?.get('page')).toBe('2'));
    expect(asked.at(-1)?.get('q')).toBe('team');
  });

  it('shows an image’s details: where it is used (linked), and Delete refused while it is used', async () => {
    server();
    const user = userEvent.setup();
    renderScreen();
    await user.click(within(await list()).getByRole('button', { name: 'team.jpg' }));
    const detail = screen.getByRole('region', { name: 'team.jpg' });
    expect(within(detail).getByRole('heading', { level: 2 })).toHaveFocus();
    expect(within(detail).getByRole('link', { name: 'Hello there' })).toHaveAttribute(
      'href',
      '/edit_blog/hello-there',
    );
    // Each use links to the screen the API names (a service's in the use's language).
    expect(within(detail).getByRole('link', { name: 'تحسين' })).toHaveAttribute(
      'href',
      '/site/services/seo?language=ar',
    );
    expect(within(detail).getByText('post, featured image, English')).toBeInTheDocument();
    const remove = within(detail).getByRole('button', { name: 'Delete the image' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription(
      'An image cannot be deleted while it is used: remove it from the places above first.',
    );
    expect(within(detail).getByLabelText('Alt text in Arabic')).toHaveAttribute('dir', 'rtl');
    await user.click(within(detail).getByRole('button', { name: 'Close the details' }));
    expect(screen.queryByRole('region', { name: 'team.jpg' })).toBeNull();
    expect(screen.getByRole('button', { name: 'team.jpg' })).toHaveFocus();
  });

  it('saves the alt texts with the version, and keeps unsaved ones while another image is looked at', async () => {
    const saved = makeMedia({ ...FREE, alt: { en: 'Our office', ar: 'مكتبنا' }, version: 'v2' });
    const { writes } = server([USED, FREE], (call) =>
      call.method === 'PUT' ? json({ message: 'media_updated', data: saved }) : undefined,
    );
    const user = userEvent.setup();
    renderScreen();
    await user.click(within(await list()).getByRole('button', { name: 'office.png' }));
    await user.type(screen.getByLabelText('Alt text in English'), 'Our office');
    await user.type(screen.getByLabelText('Alt text in Arabic'), 'مكتبنا');
    // Another image, and back: the typed texts are still there, and the list says they are not saved.
    await user.click(screen.getByRole('button', { name: 'team.jpg' }));
    expect(screen.getByText('Alt text not saved yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'office.png' }));
    expect(screen.getByLabelText('Alt text in English')).toHaveValue('Our office');
    await user.click(screen.getByRole('button', { name: 'Save the alt texts' }));
    expect(await screen.findByText('Alt texts saved.')).toBeInTheDocument();
    const put = writes.find((call) => call.method === 'PUT');
    expect(put?.url.pathname).toBe('/api/media/1');
    expect(JSON.parse(String(put?.body))).toEqual({
      alt: { en: 'Our office', ar: 'مكتبنا' },
      version: FREE.version,
    });
    expect(screen.queryByText('Alt text not saved yet')).toBeNull();
  });

  it('refuses an alt text that is too long, without sending it', async () => {
    const { writes } = server();
    const user = userEvent.setup();
    renderScreen();
    await user.click(within(await list()).getByRole('button', { name: 'office.png' }));
    const english = screen.getByLabelText('Alt text in English');
    await user.click(english);
    await user.paste('x'.repeat(301));
    await user.click(screen.getByRole('button', { name: 'Save the alt texts' }));
    expect(english).toHaveAccessibleDescription(expect.stringContaining('Write at most 300 characters.'));
    expect(english).toHaveFocus();
    expect(writes).toHaveLength(0);
  });

  it('asks on a 409: keep mine sends them again over the other version; take theirs shows theirs', async () => {
    const theirs = makeMedia({ ...FREE, alt: { en: 'Their text', ar: '' }, version: 'v9' });
    let puts = 0;
    const { writes } = server([FREE], (call) => {
      if (call.method !== 'PUT') return undefined;
      puts += 1;
      return puts === 1
        ? json({ message: 'media_conflict', current: theirs }, 409)
        : json({
            message: 'media_updated',
            data: { ...theirs, alt: { en: 'Mine', ar: '' }, version: 'v10' },
          });
    });
    const user = userEvent.setup();
    renderScreen();
    await user.click(within(await list()).getByRole('button', { name: 'office.png' }));
    await user.type(screen.getByLabelText('Alt text in English'), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save the alt texts' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Someone else changed these alt texts' });
    await user.click(within(dialog).getByRole('button', { name: /keep/i }));
    await screen.findByText('Alt texts saved.');
    expect(JSON.parse(String(writes.at(-1)?.body))).toEqual({ alt: { en: 'Mine', ar: '' }, version: 'v9' });

    // Take theirs: the form shows the server's texts.
    puts = 0;
    await user.clear(screen.getByLabelText('Alt text in English'));
    await user.type(screen.getByLabelText('Alt text in English'), 'Again');
    await user.click(screen.getByRole('button', { name: 'Save the alt texts' }));
    const again = await screen.findByRole('alertdialog');
    await user.click(within(again).getByRole('button', { name: /take/i }));
    expect(screen.getByLabelText('Alt text in English')).toHaveValue('Their text');
  });

  it('deletes an unused image after a confirmation, and shows the uses the server names on a 409', async () => {
    let refuse = false;
    const { writes } = server([FREE], (call) => {
      if (call.method !== 'DELETE') return undefined;
      return refuse
        ? json({ message: 'media_in_use', uses: USED.uses }, 409)
        : json({ message: 'media_deleted' });
    });
    const user = userEvent.setup();
    renderScreen();
    await user.click(within(await list()).getByRole('button', { name: 'office.png' }));
    await user.click(screen.getByRole('button', { name: 'Delete the image' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete this image?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(writes).toHaveLength(0);

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Delete the image' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The image is still used here, so it was not deleted:');
    expect(within(alert).getByRole('link', { name: 'Hello there' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete the image' })).toBeDisabled();
  });

  it('deletes it when the server agrees, and says so', async () => {
    const { writes } = server([FREE], (call) =>
      call.method === 'DELETE' ? json({ message: 'media_deleted' }) : undefined,
    );
    const user = userEvent.setup();
    renderScreen();
    await user.click(within(await list()).getByRole('button', { name: 'office.png' }));
    await user.click(screen.getByRole('button', { name: 'Delete the image' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('“office.png” is deleted.')).toBeInTheDocument();
    expect(writes.at(-1)?.method).toBe('DELETE');
    expect(writes.at(-1)?.url.pathname).toBe('/api/media/1');
    expect(screen.queryByRole('region', { name: 'office.png' })).toBeNull();
  });

  it('an author reads the alt texts and cannot delete', async () => {
    server();
    const user = userEvent.setup();
    renderScreen({ role: 'author' });
    await user.click(within(await list()).getByRole('button', { name: 'team.jpg' }));
    const detail = screen.getByRole('region', { name: 'team.jpg' });
    expect(within(detail).queryByRole('textbox')).toBeNull();
    expect(within(detail).getByText('The team')).toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: 'Delete the image' })).toBeNull();
    expect(within(detail).getByRole('button', { name: 'Copy URL' })).toBeInTheDocument();
  });

  it('asks before a link leaves the screen with unsaved alt texts', async () => {
    server();
    const confirm = stubConfirm(false);
    const user = userEvent.setup();
    renderScreen();
    await user.click(within(await list()).getByRole('button', { name: 'team.jpg' }));
    await user.type(screen.getByLabelText('Alt text in English'), '!');
    await user.click(screen.getByRole('link', { name: 'Hello there' }));
    expect(confirm).toHaveBeenCalledWith('Some alt texts are not saved. Leave this screen and lose them?');
    expect(screen.getByTestId('location')).toHaveTextContent('/site/media');
  });

  it('uploads several files, one at a time, and says which were refused and why', async () => {
    installFakeXhr();
    server();
    const user = userEvent.setup({ applyAccept: false });
    renderScreen();
    await list();
    const input = screen.getByLabelText('Upload images');
    await user.upload(input, [
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
      new File(['png'], 'logo.png', { type: 'image/png' }),
    ]);
    await waitFor(() => expect(FakeXhr.last?.url).toBe('/api/upload-image'));
    FakeXhr.last?.progress(1, 2);
    expect(await screen.findByText(/Uploading logo\.png/)).toHaveAttribute('role', 'status');
    FakeXhr.last?.respond(201, '/storage/poster_images/new.webp');
    expect(await screen.findByText('One image uploaded.')).toBeInTheDocument();
    const refused = screen.getByRole('alert');
    expect(refused).toHaveTextContent('These files were not uploaded:');
    expect(refused).toHaveTextContent('notes.txt:');
  });
});
