import { useApiRead, useLanguage, useTranslation } from '@agency/core';
import type { PublicFaq } from '@agency/core/content';
import { useId, useState } from 'react';
import { panelId, TabList, tabId } from '../../../components/tab-list';
import { parseFaq } from '../lib/faq';

/**
 * The FAQ as the agency edits it (GET /api/faq, rendered on the server with the page): questions and answers
 * in tabs (the first category first) with an accordion where one answer at most is open; changing tab closes
 * it. Every category's panel is in the page, hidden but the selected one, so that without scripts the whole
 * FAQ reads as one list (marketing.css, `scripting: none`).
 */
export function Faq() {
  const { t } = useTranslation('marketing');
  const id = useId();
  const state = useApiRead('/faq', { language: useLanguage() }, parseFaq);
  // Every question hidden or deleted: no FAQ on the page.
  if (state.status === 'success' && state.data.categories.length === 0) return null;
  return (
    <section className="faq" aria-labelledby={`${id}-title`}>
      <div className="container">
        <h2 id={`${id}-title`} className="mk-section-title">
          {t('faq.title')}
        </h2>
        {state.status === 'loading' ? (
          <p className="mk-state" role="status">
            {t('faq.loading')}
          </p>
        ) : state.status === 'error' ? (
          <div className="mk-state mk-state--error" role="alert">
            <p>{t('faq.error')}</p>
            <button type="button" className="button button--secondary" onClick={state.retry}>
              {t('errors.retry')}
            </button>
          </div>
        ) : (
          <FaqTabs id={id} categories={state.data.categories} />
        )}
      </div>
    </section>
  );
}

function FaqTabs({ id, categories }: { id: string; categories: PublicFaq['categories'] }) {
  const { t } = useTranslation('marketing');
  const [tab, setTab] = useState(categories[0]?.key ?? '');
  const [open, setOpen] = useState<number | null>(null);

  function choose(next: string) {
    setTab(next);
    setOpen(null);
  }

  return (
    <>
      <TabList
        className="faq__tabs"
        idPrefix={id}
        label={t('faq.tabsLabel')}
        tabs={categories.map(({ key, name }) => ({ key, label: name }))}
        selected={tab}
        onSelect={choose}
      />
      {categories.map((category) => (
        <div
          key={category.key}
          className="faq__panel"
          role="tabpanel"
          id={category.key === tab ? panelId(id) : `${panelId(id)}-${category.key}`}
          aria-labelledby={tabId(id, category.key)}
          hidden={category.key !== tab}
        >
          {/* Shown only without scripts, where every panel is shown under its category's name. */}
          <h3 className="faq__category">{category.name}</h3>
          {category.items.map((item) => {
            const expanded = open === item.id;
            return (
              <div key={item.id} className="faq__item">
                <h3 className="faq__question">
                  <button
                    type="button"
                    className="faq__toggle"
                    aria-expanded={expanded}
                    aria-controls={`${id}-answer-${item.id}`}
                    onClick={() => setOpen(expanded ? null : item.id)}
                  >
                    <span>{item.question}</span>
                    <span className="faq__sign" aria-hidden="true">
                      {expanded ? '−' : '+'}
                    </span>
                  </button>
                </h3>
                {/* Sanitised by the API when it was saved (the same allow-list as posts). */}
                <div
                  id={`${id}-answer-${item.id}`}
                  className="faq__answer"
                  hidden={!expanded}
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on write by the API
                  dangerouslySetInnerHTML={{ __html: item.answer }}
                />
              </div>
            );
          })}
        </div>
      ))}
    </>
  );
}
