import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderMarketing, TEXTS } from '../../../testing/render';
import { FAQ_COUNTS, FAQ_TABS } from '../lib/faq';
import { Faq } from './faq';

describe('Faq', () => {
  it('opens on the General tab with every answer closed', async () => {
    await renderMarketing(<Faq />);
    expect(screen.getByRole('tab', { name: TEXTS.en.faq.tabs.general })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const panel = screen.getByRole('tabpanel');
    const toggles = within(panel).getAllByRole('button');
    expect(toggles).toHaveLength(FAQ_COUNTS.general);
    for (const toggle of toggles) expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(TEXTS.en.faq.items.general['1'].a)).not.toBeVisible();
  });

  it('keeps one answer open at a time', async () => {
    const user = userEvent.setup();
    await renderMarketing(<Faq />);
    const first = screen.getByRole('button', { name: TEXTS.en.faq.items.general['1'].q });
    const second = screen.getByRole('button', { name: TEXTS.en.faq.items.general['2'].q });
    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(TEXTS.en.faq.items.general['1'].a)).toBeVisible();
    await user.click(second);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(TEXTS.en.faq.items.general['1'].a)).not.toBeVisible();
    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes every answer when the tab changes, and shows that tab’s questions', async () => {
    const user = userEvent.setup();
    await renderMarketing(<Faq />);
    await user.click(screen.getByRole('button', { name: TEXTS.en.faq.items.general['1'].q }));
    await user.click(screen.getByRole('tab', { name: TEXTS.en.faq.tabs.pricing }));
    const toggles = within(screen.getByRole('tabpanel')).getAllByRole('button');
    expect(toggles).toHaveLength(FAQ_COUNTS.pricing);
    expect(toggles[0]).toHaveAccessibleName(TEXTS.en.faq.items.pricing['1'].q);
    for (const toggle of toggles) expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(screen.getByRole('tab', { name: TEXTS.en.faq.tabs.general }));
    for (const toggle of within(screen.getByRole('tabpanel')).getAllByRole('button')) {
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
    }
  });

  it('moves between tabs with the arrow keys, mirrored in Arabic', async () => {
    const user = userEvent.setup();
    await renderMarketing(<Faq />, { lng: 'ar' });
    screen.getByRole('tab', { name: TEXTS.ar.faq.tabs.general }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: TEXTS.ar.faq.tabs.services })).toHaveFocus();
    expect(screen.getByRole('tab', { name: TEXTS.ar.faq.tabs.services })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: TEXTS.ar.faq.tabs.support })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: TEXTS.ar.faq.tabs.general })).toHaveFocus();
  });

  it('has a question and an answer for every tab in both languages', () => {
    for (const lng of ['en', 'ar'] as const) {
      for (const tab of FAQ_TABS) {
        const items = TEXTS[lng].faq.items[tab] as Record<string, { q: string; a: string }>;
        expect(Object.keys(items), `${lng} ${tab}`).toHaveLength(FAQ_COUNTS[tab]);
        for (const item of Object.values(items)) {
          expect(item.q.trim()).not.toBe('');
          expect(item.a.trim()).not.toBe('');
        }
      }
    }
  });
});
