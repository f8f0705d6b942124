import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../testing/fetch';
import { makeMedia, mediaPage } from '../../../testing/media';
import { renderAdmin } from '../../../testing/render';
import { GalleryField, ImageField } from './image-fields';

const ITEM = makeMedia({ id: 4, file_name: 'desk.jpg', alt: { en: 'A desk', ar: 'مكتب' } });

async function choose(button: string) {
  await userEvent.click(screen.getByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: 'Choose an image from the library' });
  await userEvent.click(await within(dialog).findByRole('button', { name: /desk\.jpg/ }));
}

describe('content image fields: an image of the library', () => {
  it('an image field takes the chosen image’s URL', async () => {
    mockFetch(({ url }) => (url.pathname === '/api/media' ? json(mediaPage([ITEM])) : undefined));
    const onChange = vi.fn();
    renderAdmin(
      <ImageField
        id="cover"
        label="Cover image"
        value=""
        invalid={false}
        onChange={onChange}
        onError={vi.fn()}
      />,
    );
    await choose('Cover image: choose from library');
    expect(onChange).toHaveBeenCalledWith(ITEM.url);
  });

  it('a gallery adds it with its alt text in the item’s language', async () => {
    mockFetch(({ url }) => (url.pathname === '/api/media' ? json(mediaPage([ITEM])) : undefined));
    const onChange = vi.fn();
    renderAdmin(
      <GalleryField
        id="gallery"
        label="Gallery"
        value={[]}
        max={12}
        dir="rtl"
        lang="ar"
        invalid={false}
        onChange={onChange}
        onError={vi.fn()}
      />,
    );
    await choose('Gallery: choose from library');
    expect(onChange).toHaveBeenCalledWith([{ image: ITEM.url, alt: 'مكتب' }]);
  });
});
