import { useTranslation } from '@agency/core';
import { useId } from 'react';
import { PageHero } from '../../../components/page-hero';

const FEATURES = ['strategy', 'craft', 'care'] as const;
const GOALS = ['1', '2', '3'] as const;
const TESTIMONIALS = ['1', '2', '3'] as const;

/** /about: hero, who we are (three features), the CEO's word, our goals and what customers say. */
export function AboutPage() {
  const { t } = useTranslation('marketing');
  const ids = { who: useId(), ceo: useId(), goals: useId(), voices: useId() };
  return (
    <>
      <PageHero page="about" />
      <section className="mk-section" aria-labelledby={ids.who}>
        <div className="container">
          <h2 id={ids.who} className="mk-section-title">
            {t('about.who.title')}
          </h2>
          <p className="mk-section-lead">{t('about.who.text')}</p>
          <ul className="reasons reasons--three">
            {FEATURES.map((feature) => (
              <li key={feature} className="reasons__item">
                <h3 className="reasons__title">{t(`about.who.${feature}.title`)}</h3>
                <p className="reasons__text">{t(`about.who.${feature}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="mk-section mk-section--alt" aria-labelledby={ids.ceo}>
        <div className="container ceo">
          <h2 id={ids.ceo} className="visually-hidden">
            {t('about.ceo.label')}
          </h2>
          <figure className="ceo__figure">
            <blockquote className="ceo__quote">
              <p>{t('about.ceo.quote')}</p>
            </blockquote>
            <figcaption className="ceo__caption">
              <span className="ceo__name">{t('about.ceo.name')}</span>
              <span className="ceo__position">{t('about.ceo.position')}</span>
            </figcaption>
          </figure>
        </div>
      </section>
      <section className="mk-section" aria-labelledby={ids.goals}>
        <div className="container">
          <h2 id={ids.goals} className="mk-section-title">
            {t('about.goals.title')}
          </h2>
          <ol className="goals">
            {GOALS.map((goal) => (
              <li key={goal} className="goals__item">
                <h3 className="goals__title">{t(`about.goals.items.${goal}.title`)}</h3>
                <p className="goals__text">{t(`about.goals.items.${goal}.text`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
      <section className="mk-section mk-section--alt" aria-labelledby={ids.voices}>
        <div className="container">
          <h2 id={ids.voices} className="mk-section-title">
            {t('about.testimonials.title')}
          </h2>
          <ul className="testimonials">
            {TESTIMONIALS.map((n) => (
              <li key={n}>
                <figure className="testimonial">
                  <blockquote className="testimonial__quote">
                    <p>{t(`about.testimonials.items.${n}.quote`)}</p>
                  </blockquote>
                  <figcaption className="testimonial__who">
                    <span className="testimonial__name">{t(`about.testimonials.items.${n}.name`)}</span>
                    <span className="testimonial__role">{t(`about.testimonials.items.${n}.role`)}</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
