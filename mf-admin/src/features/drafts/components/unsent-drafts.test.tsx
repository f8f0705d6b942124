import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PostFields } from '../../../lib/admin-db';
import { stubConfirm } from '../../../testing/confirm';
import { clearAdminDb } from '../../../testing/idb';
import { renderAdmin } from '../../../testing/render';
import { editDraftKey, getDraft, newDraftKey, saveDraft } from '../api/draft-store';
import { UnsentDrafts } from './unsent-drafts';

const fields = (title: string): PostFields => ({
  language: 'en',
  title,
  slug: '',
  status: 'draft',
  description: '',
  content: '',
  seo_title: '',
  seo_description: '',
  published_at: '2026-11-21',
});

const base = {
  slugFollowsTitle: true,
  image: null,
  removeImage: false,
  existingImage: null,
  baseVersion: null,
};

describe('UnsentDrafts', () => {
  beforeEach(() => clearAdminDb());

  it('shows nothing when every draft has been sent', async () => {
    const { container } = renderAdmin(<UnsentDrafts />);
    await waitFor(() => expect(container.querySelector('.unsent-drafts')).toBeNull());
  });

  it('lists unsent drafts, newest first, each with a link to reopen it', async () => {
    await saveDraft(
      { key: newDraftKey('n1'), kind: 'new', slug: null, fields: fields(''), ...base },
      new Date('2026-11-20T08:00:00Z'),
    );
    await saveDraft(
      { key: editDraftKey('hello'), kind: 'edit', slug: 'hello', fields: fields('Hello, edited'), ...base },
      new Date('2026-11-21T08:00:00Z'),
    );
    renderAdmin(<UnsentDrafts />);
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Hello, edited');
    expect(items[0]).toHaveTextContent('Changes to /hello');
    expect(
      within(items[0] as HTMLElement).getByRole('link', { name: 'Open the draft “Hello, edited”' }),
    ).toHaveAttribute('href', '/edit_blog/hello');
    expect(items[1]).toHaveTextContent('Untitled draft');
    expect(
      within(items[1] as HTMLElement).getByRole('link', { name: 'Open the draft “Untitled draft”' }),
    ).toHaveAttribute('href', '/new_blog?draft=n1');
  });

  it('discards a draft after confirming', async () => {
    stubConfirm(true);
    await saveDraft({ key: newDraftKey('gone'), kind: 'new', slug: null, fields: fields('Gone'), ...base });
    renderAdmin(<UnsentDrafts />);
    await userEvent.click(await screen.findByRole('button', { name: 'Discard the draft “Gone”' }));
    await waitFor(() => expect(screen.queryByText('Gone')).not.toBeInTheDocument());
    expect(await getDraft(newDraftKey('gone'))).toBeUndefined();
  });
});
