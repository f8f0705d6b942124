import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderMarketing, TEXTS } from '../../../testing/render';
import { AboutPage } from './about-page';

describe('/about', () => {
  it.each(['en', 'ar'] as const)(
    'has the hero, who we are, the CEO, our goals and testimonials (%s)',
    async (lng) => {
      const texts = TEXTS[lng];
      await renderMarketing(<AboutPage />, { lng, path: '/about' });
      expect(screen.getByRole('heading', { level: 1, name: texts.pages.about.title })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 2, name: texts.about.who.title })).toBeInTheDocument();
      for (const feature of ['strategy', 'craft', 'care'] as const) {
        expect(
          screen.getByRole('heading', { level: 3, name: texts.about.who[feature].title }),
        ).toBeInTheDocument();
      }
      expect(screen.getByText(texts.about.ceo.quote)).toBeInTheDocument();
      expect(screen.getByText(texts.about.ceo.name)).toBeInTheDocument();
      expect(screen.getByText(texts.about.ceo.position)).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 2, name: texts.about.goals.title })).toBeInTheDocument();
      expect(
        screen.getByRole('heading', { level: 2, name: texts.about.testimonials.title }),
      ).toBeInTheDocument();
      expect(screen.getAllByRole('figure')).toHaveLength(4);
    },
  );
});
