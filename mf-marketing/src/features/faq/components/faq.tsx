import { useTranslation } from '@agency/core';
import { useId, useState } from 'react';
import { panelId, TabList, tabId } from '../../../components/tab-list';
import { FAQ_COUNTS, FAQ_TABS, type FaqTab } from '../lib/faq';

/**
 * Questions and answers in tabs (General first) with an accordion where one answer at most is open; changing
 * tab closes it.
 */
export function Faq() {
  const { t } = useTranslation('marketing');
  const id = useId();
  const [tab, setTab] = useState<FaqTab>('general');
  const [open, setOpen] = useState<number | null>(null);

  function choose(next: FaqTab) {
    setTab(next);
    setOpen(null);
  }

  const questions = Array.from({ length: FAQ_COUNTS[tab] }, (_, n) => n + 1);
  return (
    <section className="faq" aria-labelledby={`${id}-title`}>
      <div className="container">
        <h2 id={`${id}-title`} className="mk-section-title">
          {t('faq.title')}
        </h2>
        <TabList
          className="faq__tabs"
          idPrefix={id}
          label={t('faq.tabsLabel')}
          tabs={FAQ_TABS.map((key) => ({ key, label: t(`faq.tabs.${key}`) }))}
          selected={tab}
          onSelect={choose}
        />
        <div className="faq__panel" role="tabpanel" id={panelId(id)} aria-labelledby={tabId(id, tab)}>
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
