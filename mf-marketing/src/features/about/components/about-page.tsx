import { useTranslation } from '@agency/core';
import { PageHero } from '../../../components/page-hero';
import { Section } from '../../../components/section';

const FEATURES = ['strategy', 'craft', 'care'] as const;
const GOALS = ['1', '2', '3'] as const;
const TESTIMONIALS = ['1', '2', '3'] as const;

/** /about: hero, who we are (three features), the CEO's word, our goals and what customers say. */
export function AboutPage() {
  const { t } = useTranslation('marketing');
  return (
    <>
      <PageHero page="about" />
      <Section title={t('about.who.title')} lead={t('about.who.text')}>
        <ul className="reasons reasons--three">
          {FEATURES.map((feature) => (
            <li key={feature} className="reasons__item">
              <h3 className="reasons__title">{t(`about.who.${feature}.title`)}</h3>
              <p className="reasons__text">{t(`about.who.${feature}.text`)}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t('about.ceo.label')} hiddenTitle alt>
        <figure className="ceo__figure">
          <blockquote className="ceo__quote">
            <p>{t('about.ceo.quote')}</p>
          </blockquote>
          <figcaption className="ceo__caption">
            <span className="ceo__name">{t('about.ceo.name')}</span>
            <span className="ceo__position">{t('about.ceo.position')}</span>
          </figcaption>
        </figure>
      </Section>
      <Section title={t('about.goals.title')}>
        <ol className="goals">
          {GOALS.map((goal) => (
            <li key={goal} className="goals__item">
              <h3 className="goals__title">{t(`about.goals.items.${goal}.title`)}</h3>
              <p className="goals__text">{t(`about.goals.items.${goal}.text`)}</p>
            </li>
          ))}
        </ol>
      </Section>
      <Section title={t('about.testimonials.title')} alt>
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
      </Section>
    </>
  );
}
