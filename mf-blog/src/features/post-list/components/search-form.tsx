import { useLanguage, useNavigate, useTranslation } from '@agency/core';
import { SEARCH_MAX_LENGTH } from '@agency/core/rules';
import { type FormEvent, useId } from 'react';
import { blogPath } from '../lib/pagination';

/**
 * The blog's search box: a form that asks `/blog?q=` (GET), so it works without JavaScript too; with it, the
 * list changes in place. `q` is the search shown (the box follows the address: back button, a shared link).
 * Without JavaScript the page's language goes with the query (`lng`, last), as on every link to a public page.
 */
export function SearchForm({ q }: { q?: string }) {
  const { t } = useTranslation('blog');
  const navigate = useNavigate();
  const id = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    navigate(blogPath(1, typeof value === 'string' ? value.trim() : undefined));
  }

  return (
    <search className="blog-search">
      <form className="blog-search__form" method="get" action="/blog" onSubmit={submit}>
        <label className="blog-search__label" htmlFor={id}>
          {t('search.label')}
        </label>
        <div className="blog-search__row">
          <input
            key={q ?? ''}
            id={id}
            className="blog-search__input"
            type="search"
            name="q"
            defaultValue={q ?? ''}
            maxLength={SEARCH_MAX_LENGTH}
          />
          <button type="submit" className="button button--primary blog-search__button">
            {t('search.button')}
          </button>
        </div>
        <input type="hidden" name="lng" value={useLanguage()} />
      </form>
    </search>
  );
}
