import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import ar from '../../../../public/locales/ar/admin.json';
import en from '../../../../public/locales/en/admin.json';
import { renderAdmin } from '../../../testing/render';
import { DraftDialogs } from './draft-dialogs';

const deleted = vi.hoisted(() => [] as string[]);
vi.mock('../../drafts/api/draft-store', () => ({
  deleteContentDraft: async (key: string) => {
    deleted.push(key);
  },
}));

function setup(texts?: 'content' | 'settings', lng: 'en' | 'ar' = 'en') {
  const calls: string[] = [];
  renderAdmin(
    <DraftDialogs
      id="form"
      draftKey="draft-1"
      texts={texts}
      restore={{ savedAt: '2026-11-20T10:00:00.000Z' }}
      onRestore={() => calls.push('restore')}
      onRestoreClosed={() => calls.push('restore closed')}
      conflict={{ version: '2026-11-21T10:00:00.000Z' }}
      onKeepMine={(version) => calls.push(`keep mine over ${version}`)}
      onTakeTheirs={() => calls.push('take theirs')}
    />,
    { lng },
  );
  return calls;
}

describe('DraftDialogs', () => {
  it('restores the kept edits or discards them (the draft dropped), then closes the question', async () => {
    const calls = setup();
    await userEvent.click(screen.getByRole('button', { name: en.content.restore }));
    expect(calls).toEqual(['restore', 'restore closed']);
    calls.length = 0;
    deleted.length = 0;
    await userEvent.click(screen.getByRole('button', { name: en.content.discard }));
    expect(calls).toEqual(['restore closed']);
    expect(deleted).toEqual(['draft-1']);
  });

  it('after a 409 keeps mine over the other save’s version, or takes theirs with the draft dropped', async () => {
    const calls = setup();
    await userEvent.click(screen.getByRole('button', { name: en.content.keepMine }));
    expect(calls).toEqual(['keep mine over 2026-11-21T10:00:00.000Z']);
    calls.length = 0;
    deleted.length = 0;
    await userEvent.click(screen.getByRole('button', { name: en.content.takeTheirs }));
    expect(calls).toEqual(['take theirs']);
    expect(deleted).toEqual(['draft-1']);
  });

  it('asks in the settings’ words when told, in Arabic too', () => {
    setup('settings', 'ar');
    expect(screen.getByRole('heading', { name: ar.settings.conflictTitle })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: ar.content.restoreTitle })).toBeInTheDocument();
  });
});
