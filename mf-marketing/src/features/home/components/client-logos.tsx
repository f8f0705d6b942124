import { useHydrating, useLanguage, useTranslation } from '@agency/core';
import {
  Children,
  cloneElement,
  isValidElement,
  type ReactNode,
  startTransition,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
// Before react-slick: what its `require('react')` gets in the production build (vite.config.ts).
import '../lib/react-for-slick';
import SliderModule, { type Settings } from 'react-slick';
import 'slick-carousel/slick/slick.css';
import { AUTOPLAY_INTERVAL } from '../lib/carousel';
import { type HomeLogo, logoSource } from '../lib/home';

// react-slick is CommonJS: under some bundlers its component arrives as the module's `default`.
const Slider = ((SliderModule as unknown as { default?: typeof SliderModule }).default ??
  SliderModule) as typeof SliderModule;

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
    // A transition: React builds the carousel (its slides and their copies) in short slices, not in one task.
    const update = () => startTransition(() => setSlides(slidesFor(window.innerWidth)));
    for (const list of lists) list.addEventListener('change', update);
    update();
    return () => {
      for (const list of lists) list.removeEventListener('change', update);
    };
  }, []);
  return slides;
}

/**
 * The spec's carousel: dots, autoplay, endless, no arrows, 500 ms slides. Autoplay pauses on hover, while
 * anything in the carousel has focus, and with its pause button; it does not start for visitors who asked for
 * reduced motion. react-slick runs left to right in both languages (its `rtl` reverses the slides and the dots
 * in the DOM): in Arabic the row of logos is mirrored by CSS instead, so the DOM, the Tab order and the dots'
 * numbers follow reading order while the first logos sit at the right and the next come in from the left.
 */
export function carouselSettings(slides: number, rtl: boolean, autoplay: boolean): Settings {
  return {
    dots: true,
    arrows: false,
    infinite: true,
    autoplay,
    autoplaySpeed: AUTOPLAY_INTERVAL,
    speed: 500,
    pauseOnHover: true,
    // Slick's own focus pause watches the slides only, never the dots: the carousel pauses itself on focus.
    pauseOnFocus: false,
    pauseOnDotsHover: true,
    rtl: false,
    // Mirrored, slick's swipe would run backwards: in Arabic the carousel follows a swipe itself.
    swipe: !rtl,
    slidesToShow: slides,
    slidesToScroll: slides,
  };
}

/** The logos dot `index` shows (1-based): the last slide of an endless carousel ends on the last logo. */
export function dotRange(index: number, slides: number, total: number): { from: number; to: number } {
  const from = Math.max(0, Math.min(index * slides, total - slides)) + 1;
  return { from, to: Math.min(from + slides - 1, total) };
}

/**
 * The carousel's first slide as the server writes it, before any script: as many logos as a slide shows at
 * the window's width (CSS), the room of the pause button and a row of dots as the carousel will have, so
 * nothing moves when it starts.
 */
function StaticLogos({ logos }: { logos: HomeLogo[] }) {
  return (
    <div className="client-logos__carousel">
      <span className="client-logos__pause client-logos__pause--room" aria-hidden="true" />
      <ul className="client-logos__strip">
        {logos.map((logo) => (
          <li key={logo.id} className="client-logos__item">
            <LogoImage logo={logo} />
          </li>
        ))}
      </ul>
      <div className="client-logos__dots" aria-hidden="true">
        {logos.map((logo) => (
          <span key={logo.id} />
        ))}
      </div>
    </div>
  );
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * slick hides from assistive technology every slide but those it counts as current, and on the last slide of
 * an endless carousel whose logos do not divide evenly, it counts others than it shows (15 by 4: the last
 * three and the first's copy, while it shows the last four). The logos read are those the current dot names.
 */
function exposeShownLogos(root: HTMLElement | null, slides: number, total: number) {
  if (!root) return;
  const dots = [...root.querySelectorAll('.slick-dots li')];
  const current = dots.findIndex((dot) => dot.classList.contains('slick-active'));
  if (current < 0) return;
  const { from, to } = dotRange(current, slides, total);
  for (const slide of root.querySelectorAll<HTMLElement>('.slick-slide')) {
    const logo = Number(slide.dataset.index) + 1; // copies at either end are numbered outside the list
    slide.setAttribute('aria-hidden', String(!(logo >= from && logo <= to)));
  }
}

function LogoCarousel({ slides, rtl, logos }: { slides: number; rtl: boolean; logos: HomeLogo[] }) {
  const { t } = useTranslation('marketing');
  const slider = useRef<SliderModule>(null);
  const pauseButton = useRef<HTMLButtonElement>(null);
  // The visitor's choice with the pause button; until then, autoplay unless they asked for reduced motion.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const [reducedMotion] = useState(prefersReducedMotion);
  const playing = chosen ?? !reducedMotion;
  // Focus in the slides or on a dot (not on the pause button, which must be able to start it again).
  const [focused, setFocused] = useState(false);
  const running = playing && !focused;
  const root = useRef<HTMLDivElement>(null);

  // slick follows its `autoplay` prop when it mounts, on a resize and when the prop turns false, but once
  // stopped, it does not start again when the prop turns true: its ref does, once slick has taken the new prop
  // in (it handles that after the render, and would stop a timer started before).
  useEffect(() => {
    const timer = setTimeout(() => {
      if (running) slider.current?.slickPlay();
      else slider.current?.slickPause();
    });
    return () => clearTimeout(timer);
  }, [running]);

  // Focus and swipes on the whole carousel, dots included (focusin and focusout bubble).
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const inCarousel = (target: EventTarget | null) =>
      target instanceof Node && element.contains(target) && target !== pauseButton.current;
    const onFocusIn = (event: FocusEvent) => setFocused(inCarousel(event.target));
    const onFocusOut = (event: FocusEvent) => {
      if (!inCarousel(event.relatedTarget)) setFocused(false);
    };
    let swipeStart: { x: number; y: number } | null = null;
    const onPointerDown = (event: PointerEvent) => {
      const onLogos = event.target instanceof Element && event.target.closest('.slick-list');
      swipeStart = rtl && onLogos ? { x: event.clientX, y: event.clientY } : null;
    };
    const onPointerUp = (event: PointerEvent) => {
      const start = swipeStart;
      swipeStart = null;
      if (!start) return;
      const dx = event.clientX - start.x;
      // As far as slick asks (a fifth of the width), and more sideways than up or down.
      const min = (element.querySelector('.slick-list')?.clientWidth ?? 0) / 5;
      if (Math.abs(dx) < min || Math.abs(dx) < Math.abs(event.clientY - start.y)) return;
      // Mirrored, the next logos wait at the left: a swipe to the right brings them in.
      if (dx > 0) slider.current?.slickNext();
      else slider.current?.slickPrev();
    };
    const onPointerCancel = () => {
      swipeStart = null;
    };
    element.addEventListener('focusin', onFocusIn);
    element.addEventListener('focusout', onFocusOut);
    element.addEventListener('pointerdown', onPointerDown);
    element.addEventListener('pointerup', onPointerUp);
    element.addEventListener('pointercancel', onPointerCancel);
    return () => {
      element.removeEventListener('focusin', onFocusIn);
      element.removeEventListener('focusout', onFocusOut);
      element.removeEventListener('pointerdown', onPointerDown);
      element.removeEventListener('pointerup', onPointerUp);
      element.removeEventListener('pointercancel', onPointerCancel);
    };
  }, [rtl]);

  const total = logos.length;
  // Each dot's name, worked out once rather than at each of slick's renders (two as it starts, one a slide).
  // An endless carousel has a dot per slide's worth of logos.
  const dotNames = useMemo(
    () =>
      Array.from({ length: Math.ceil(total / slides) }, (_, index) => {
        const { from, to } = dotRange(index, slides, total);
        return from === to
          ? t('home.clientsDot', { number: from, total })
          : t('home.clientsDots', { from, to, total });
      }),
    [slides, total, t],
  );

  return (
    <div ref={root} className={`client-logos__carousel${rtl ? ' client-logos__carousel--mirrored' : ''}`}>
      <button
        ref={pauseButton}
        type="button"
        className="client-logos__pause"
        aria-label={playing ? t('home.clientsPause') : t('home.clientsPlay')}
        onClick={() => setChosen(!playing)}
      >
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          {playing ? (
            <path d="M4 2.5h2.75v11H4zm5.25 0H12v11H9.25z" fill="currentColor" />
          ) : (
            <path d="M4.5 2.25v11.5L13.5 8z" fill="currentColor" />
          )}
        </svg>
      </button>
      <Slider
        key={slides}
        ref={slider}
        {...carouselSettings(slides, rtl, running)}
        onInit={() => exposeShownLogos(root.current, slides, total)}
        onReInit={() => exposeShownLogos(root.current, slides, total)}
        customPaging={(index) => <button type="button" aria-label={dotNames[index]} />}
        appendDots={(dots) => (
          // The dots flow in the page's direction: in Arabic the first is at the right.
          <ul dir={rtl ? 'rtl' : 'ltr'}>{markCurrentDot(dots)}</ul>
        )}
      >
        {logos.map((logo) => (
          <div key={logo.id} className="client-logos__item">
            <LogoImage logo={logo} />
          </div>
        ))}
      </Slider>
    </div>
  );
}

/** slick marks the current dot's <li> with a class: its button says so to assistive technology too. */
function markCurrentDot(dots: ReactNode): ReactNode {
  return Children.map(dots, (dot) => {
    if (!isValidElement<{ className?: string; children?: ReactNode }>(dot)) return dot;
    const button = dot.props.children;
    if (!isValidElement<{ 'aria-current'?: 'true' }>(button)) return dot;
    const current = dot.props.className?.split(' ').includes('slick-active');
    return cloneElement(
      dot,
      undefined,
      cloneElement(button, { 'aria-current': current ? 'true' : undefined }),
    );
  });
}

/** A logo: the client's name is its alt text (the editor writes it per language). */
function LogoImage({ logo }: { logo: HomeLogo }) {
  return <img src={logoSource(logo.image)} alt={logo.name} width={200} height={64} loading="lazy" />;
}

/** The clients' carousel with its title, as the agency edits them (GET /api/home); none when every logo is hidden. */
export function ClientLogos({ title, logos }: { title: string; logos: HomeLogo[] }) {
  const { t } = useTranslation('marketing');
  const rtl = useLanguage() === 'ar';
  const slides = useSlidesPerView();
  if (logos.length === 0) return null;
  return (
    <section className="client-logos" aria-label={t('home.clientsLabel')}>
      <p className="client-logos__title">{title}</p>
      <div dir={rtl ? 'rtl' : 'ltr'}>
        {slides === null ? (
          <StaticLogos logos={logos} />
        ) : (
          <LogoCarousel slides={slides} rtl={rtl} logos={logos} />
        )}
      </div>
    </section>
  );
}
