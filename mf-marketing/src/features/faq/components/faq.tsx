import { useTranslation } from '@agency/core';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { FAQ_COUNTS, FAQ_TABS, type FaqTab } from '../lib/faq';

/**
 * Questions and answers in tabs (General first) with an accordion where one answer at most is open; changing
 * tab closes it. Tabs follow the WAI-ARIA pattern: arrow keys move between them (mirrored right to left),
 * Home and End jump to the ends.
 */
export function Faq() {
  const { t, i18n } = useTranslation('marketing');
  const id = useId();
  const [tab, setTab] = useState<FaqTab>('general');
  const [open, setOpen] = useState<number | null>(null);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  function choose(next: FaqTab) {
    setTab(next);
    setOpen(null);
  }

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const rtl = i18n.dir() === 'rtl';
    const index = FAQ_TABS.indexOf(tab);
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    let next: number | undefined;
    if (step !== undefined) next = (index + step + FAQ_TABS.length) % FAQ_TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = FAQ_TABS.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    choose(FAQ_TABS[next] as FaqTab);
    tabs.current[next]?.focus();
  }

  const questions = Array.from({ length: FAQ_COUNTS[tab] }, (_, n) => n + 1);
  return (
    <section className="faq" aria-labelledby={`${id}-title`}>
      <div className="container">
        <h2 id={`${id}-title`} className="mk-section-title">
          {t('faq.title')}
        </h2>
        <div className="faq__tabs" role="tablist" aria-label={t('faq.tabsLabel')}>
          {FAQ_TABS.map((name, index) => (
            <button
              key={name}
              ref={(el) => {
                tabs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${name}`}
              aria-selected={tab === name}
              aria-controls={`${id}-panel`}
              tabIndex={tab === name ? 0 : -1}
              className="faq__tab"
              onClick={() => choose(name)}
              onKeyDown={onTabKey}
            >
              {t(`faq.tabs.${name}`)}
            </button>
          ))}
        </div>
        <div className="faq__panel" role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`}>
          {questions.map((n) => {
            const expanded = open === n;
            return (
              <div key={`${tab}-${n}`} className="faq__item">
                <h3 className="faq__question">
                  <button
                    type="button"
                    className="faq__toggle"
                    aria-expanded={expanded}
                    aria-controls={`${id}-answer-${n}`}
                    onClick={() => setOpen(expanded ? null : n)}
                  >
                    <span>{t(`faq.items.${tab}.${n}.q`)}</span>
                    <span className="faq__sign" aria-hidden="true">
                      {expanded ? '−' : '+'}
                    </span>
                  </button>
                </h3>
                <div id={`${id}-answer-${n}`} className="faq__answer" hidden={!expanded}>
                  <p>{t(`faq.items.${tab}.${n}.a`)}</p>
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
