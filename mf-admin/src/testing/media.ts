import type { MediaItem } from '@agency/core/rules';

/** A library image as GET /api/media answers it; unused and without alt texts unless told. */
export function makeMedia(overrides: Partial<MediaItem> = {}): MediaItem {
  const id = overrides.id ?? 1;
  const name = overrides.name ?? `${String(id).padStart(32, 'a')}.webp`;
  return {
    id,
    name,
    url: `/storage/poster_images/${name}`,
    file_name: `photo-${id}.jpg`,
    bytes: 204_800,
    width: 1200,
    height: 800,
    alt: { en: '', ar: '' },
    created_at: '2026-11-20T10:00:00.000Z',
    version: '2026-11-20T10:00:00.000Z',
    uploaded_by: { id: 1, name: 'Amal Admin' },
    uses: [],
    ...overrides,
  };
}

/** One page of the library as GET /api/media answers it. */
export function mediaPage(items: MediaItem[], current = 1, last = 1, total = items.length) {
  return { data: { data: items, current_page: current, last_page: last, per_page: 24, total, links: [] } };
}
