import { useHydrating, useLanguage, useTranslation } from '@agency/core';
import { useEffect, useState } from 'react';
import SliderModule, { type Settings } from 'react-slick';
import 'slick-carousel/slick/slick.css';

// react-slick is CommonJS: under some bundlers its component arrives as the module's `default`.
const Slider = ((SliderModule as unknown as { default?: typeof SliderModule }).default ??
  SliderModule) as typeof SliderModule;

const CLIENT_NAMES = [
  'Nour Foods',
  'Atlas Logistics',
  'Cedar Clinics',
  'Falcon Motors',
  'Bloom Studio',
  'Oasis Travel',
  'Summit Legal',
  'Pixel Forge',
  'Harbor Bank',
  'Zaytoon Market',
  'Vertex Energy',
  'Lumen Optics',
  'Saffron Kitchen',
  'Orbit Fitness',
  'Qamar Jewels',
];

/** The spec's 15 client logos (local images, in the order of their files). */
export const CLIENT_LOGOS = CLIENT_NAMES.map((name, i) => ({
  name,
  src: `/mf/mf-marketing/images/clients/client-${String(i + 1).padStart(2, '0')}.svg`,
}));

/** Logos per slide by viewport width (spec): 4, 3 below 1024 px, 2 below 768, 1 below 480. */
export function slidesFor(width: number): number {
  if (width < 480) return 1;
  if (width < 768) return 2;
  if (width < 1024) return 3;
  return 4;
}

const QUERIES = ['(max-width: 479.98px)', '(max-width: 767.98px)', '(max-width: 1023.98px)'];

/**
 * The number of logos a slide shows now, following the window. react-slick's own `responsive` option only
 * reacts to a change of width, not to the width the page opens at, so the page works it out itself.
 */
function useSlidesPerView(): number | null {
  // Unknown on the server and while its markup is hydrated: the first slide is then laid out by CSS alone.
  const hydrating = useHydrating();
  const [slides, setSlides] = useState(() => (hydrating ? null : slidesFor(window.innerWidth)));
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const lists = QUERIES.map((query) => window.matchMedia(query));
    const update = () => setSlides(slidesFor(window.innerWidth));
    for (const list of lists) list.addEventListener('change', update);
    update();
    return () => {
      for (const list of lists) list.removeEventListener('change', update);
    };
  }, []);
  return slides;
}

/**
 * The spec's carousel: dots, autoplay, endless, no arrows, 500 ms slides; autoplay pauses on hover or focus,
 * and does not start for visitors who asked for reduced motion.
 */
export function carouselSettings(slides: number, rtl: boolean, reducedMotion: boolean): Settings {
  return {
    dots: true,
    arrows: false,
    infinite: true,
    autoplay: !reducedMotion,
    autoplaySpeed: 3000,
    speed: 500,
    pauseOnHover: true,
    pauseOnFocus: true,
    pauseOnDotsHover: true,
    rtl,
    slidesToShow: slides,
    slidesToScroll: slides,
  };
}

/**
 * The carousel's first slide as the server writes it, before any script: as many logos as a slide shows at
 * the window's width (CSS), and a row of dots as the carousel will have, so nothing moves when it starts.
 */
function StaticLogos() {
  return (
    <div className="client-logos__static">
      <ul className="client-logos__strip">
        {CLIENT_LOGOS.map((logo) => (
          <li key={logo.src} className="client-logos__item">
            <img src={logo.src} alt={logo.name} width={200} height={64} loading="lazy" />
          </li>
        ))}
      </ul>
      <div className="client-logos__dots" aria-hidden="true">
        {CLIENT_LOGOS.map((logo) => (
          <span key={logo.src} />
        ))}
      </div>
    </div>
  );
}

export function ClientLogos() {
  const { t } = useTranslation('marketing');
  const rtl = useLanguage() === 'ar';
  const slides = useSlidesPerView();
  const reducedMotion =
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return (
    <section className="client-logos" aria-label={t('home.clientsLabel')}>
      <p className="client-logos__title">{t('home.clientsTitle')}</p>
      <div dir={rtl ? 'rtl' : 'ltr'}>
        {slides === null ? (
          <StaticLogos />
        ) : (
          <Slider key={slides} {...carouselSettings(slides, rtl, reducedMotion)}>
            {CLIENT_LOGOS.map((logo) => (
              <div key={logo.src} className="client-logos__item">
                <img src={logo.src} alt={logo.name} width={200} height={64} loading="lazy" />
              </div>
            ))}
          </Slider>
        )}
      </div>
    </section>
  );
}
