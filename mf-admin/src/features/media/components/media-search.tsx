import { useTranslation } from '@agency/core';
import type { FormEvent, ReactNode } from 'react';
import { FilterSearch } from '../../../components/filter-search';
import { MEDIA_SEARCH_MAX } from '../api/media-api';

interface MediaSearchProps {
  /** The search field's id, unique on the page (the screen and its picker can both be open). */
  id: string;
  query: string;
  onChange(query: string): void;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  /** More controls in the form (the screen's "Clear"). */
  children?: ReactNode;
}

/** The library's search, by file name and alt text: the screen's and the picker's. */
export function MediaSearch({ id, query, onChange, onSubmit, children }: MediaSearchProps) {
  const { t } = useTranslation('admin');
  return (
    <search aria-label={t('media.search')}>
      <form className="admin-filters media-filters" onSubmit={onSubmit}>
        <FilterSearch
          id={id}
          label={t('media.search')}
          value={query}
          maxLength={MEDIA_SEARCH_MAX}
          placeholder={t('media.searchHint')}
          onChange={onChange}
          button={t('media.searchButton')}
        />
        {children}
      </form>
    </search>
  );
}
