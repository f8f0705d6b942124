import {
  ApiError,
  directionOf,
  type Language,
  Link,
  useLanguage,
  useLocation,
  useNavigate,
  useSearchParams,
  useServices,
  useTranslation,
} from '@agency/core';
import { nameIn } from '@agency/core/language';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { ClearFilters, FilterSearch } from '../../../components/filter-search';
import { LoadFailure } from '../../../components/load-failure';
import { useOutcome } from '../../../components/outcome-line';
import { Pager, useLastPage } from '../../../components/pager';
import { useScreenTitle } from '../../../hooks/use-screen-title';
import { formatSavedAt } from '../../../lib/dates';
import { problemText } from '../../../lib/failure-text';
import {
  type ContactMessage,
  downloadMessagesCsv,
  MESSAGE_STATUSES,
  type MessageFilters,
  type MessageStatus,
} from '../api/messages';
import { mailHref, phoneText, telHref } from '../lib/message-links';
import { BulkBar } from './bulk-bar';
import { useMessagesPage } from './use-messages-page';
import './messages.css';

/** The server's limits on the list's query (an address typed by hand is held to them, not refused). */
const LIMITS = { page: 100_000, service: 100, q: 200 };

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? Math.min(page, LIMITS.page) : 1;
}

/** The filters written in the address (so a reload, the back button or a shared link keeps them). */
export function filtersFrom(params: URLSearchParams): MessageFilters {
  const status = params.get('status');
  const service = params.get('service')?.slice(0, LIMITS.service);
  const q = params.get('q')?.trim().slice(0, LIMITS.q);
  return {
    ...((MESSAGE_STATUSES as readonly string[]).includes(status ?? '')
      ? { status: status as MessageStatus }
      : {}),
    ...(service ? { service } : {}),
    ...(q ? { q } : {}),
  };
}

/**
 * The services in the page's language, and a message's service by its name there; a key no service has
 * (spam may hold anything) as it came.
 */
export function useServiceNames(language: Language) {
  const services = useServices(language);
  return useMemo(() => {
    const list = services.status === 'success' ? services.data : [];
    const names = new Map(list.map((service) => [service.key, service.name]));
    /**
     * The name the message was sent with (in this language, else the other), else the service's name now, else
     * its key: a message about a service renamed, hidden or deleted since still says what was asked for.
     */
    const nameOf = (key: string, sent?: Partial<Record<Language, string>>) =>
      sent?.[language] || Object.values(sent ?? {}).find(Boolean) || names.get(key) || key;
    return { list, nameOf };
  }, [services, language]);
}

export function StatusPill({ status }: { status: MessageStatus }) {
  const { t } = useTranslation('admin');
  return <span className={`status-pill status-pill--${status}`}>{t(`messages.status.${status}`)}</span>;
}

function MessageRow({
  message,
  language,
  serviceName,
  search,
  selected,
  onToggle,
}: {
  message: ContactMessage;
  language: Language;
  serviceName: string;
  search: string;
  selected: boolean;
  onToggle: (selected: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <tr className={`admin-table__row messages-table__row--${message.status}`}>
      <td className="admin-table__main messages-table__from" data-label={t('messages.columns.name')}>
        <input
          type="checkbox"
          className="messages-table__select"
          checked={selected}
          onChange={(event) => onToggle(event.target.checked)}
          aria-label={t('messages.select.one', { name: message.name })}
        />
        <Link
          className="messages-table__name"
          to={`/messages/${message.id}`}
          state={{ back: search }}
          dir="auto"
          aria-label={t('messages.openLabel', { name: message.name })}
        >
          {message.name}
        </Link>
        {message.business && (
          <span className="messages-table__business">
            <bdi>{message.business}</bdi>
          </span>
        )}
      </td>
      <td data-label={t('messages.columns.receivedAt')}>
        <time dateTime={message.created_at}>{formatSavedAt(message.created_at, language)}</time>
      </td>
      <td data-label={t('messages.columns.service')}>
        <span dir="auto">{serviceName}</span>
        {message.plan && (
          <span className="messages-table__business" dir="auto">
            {nameIn(message.plan_name, language) ||
              t(`messages.plans.${message.plan}`, { defaultValue: message.plan })}
          </span>
        )}
      </td>
      <td data-label={t('messages.columns.email')}>
        <a className="messages-table__contact" href={mailHref(message)} dir="ltr">
          {message.email}
        </a>
      </td>
      <td data-label={t('messages.columns.phone')}>
        <a className="messages-table__contact messages-table__phone" href={telHref(message)} dir="ltr">
          {phoneText(message)}
        </a>
      </td>
      <td data-label={t('messages.columns.status')}>
        <StatusPill status={message.status} />
      </td>
    </tr>
  );
}

const COLUMNS = ['name', 'receivedAt', 'service', 'email', 'phone', 'status'] as const;

/**
 * /messages: the contact messages, newest first, with filters by status and service, a search, pages, and
 * the filtered list as a CSV file.
 */
export function MessagesPage() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const page = pageFrom(params.get('page'));
  const [reloadToken, setReloadToken] = useState(0);
  const state = useMessagesPage(filters, page, reloadToken);
  // The messages ticked for an action on all of them: this list's only (another filter or page starts afresh).
  const listKey = params.toString();
  const [selection, setSelection] = useState<{ list: string; ids: Set<number> }>({
    list: listKey,
    ids: new Set(),
  });
  const selected = selection.list === listKey ? selection.ids : new Set<number>();
  const select = (ids: Iterable<number>) => setSelection({ list: listKey, ids: new Set(ids) });
  const services = useServiceNames(language);
  const [query, setQuery] = useState(filters.q ?? '');
  const [exporting, setExporting] = useState(false);
  // An outcome (a message deleted on its own screen, an export) stays written on the page, and focus goes to it.
  const { line: outcomeLine, report } = useOutcome();
  useScreenTitle(t('screens.messages.title'));

  // The message screen sends the editor back here after a delete, with the outcome to say.
  const deletedNotice = (location.state as { notice?: string } | null)?.notice;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per arrival with a notice.
  useEffect(() => {
    if (!deletedNotice) return;
    report(deletedNotice, false);
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [deletedNotice]);

  // The search box follows the address (the back button, "Clear filters").
  useEffect(() => setQuery(filters.q ?? ''), [filters.q]);

  const show = (next: MessageFilters, nextPage = 1) =>
    setParams({
      ...(next.status ? { status: next.status } : {}),
      ...(next.service ? { service: next.service } : {}),
      ...(next.q ? { q: next.q } : {}),
      ...(nextPage > 1 ? { page: String(nextPage) } : {}),
    });

  function search(event: FormEvent) {
    event.preventDefault();
    show({ ...filters, q: query.trim() || undefined });
  }

  async function exportCsv() {
    if (exporting) return;
    setExporting(true);
    try {
      const name = await downloadMessagesCsv(filters, language);
      report(t('messages.exported', { name }), false);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401))
        report(`${t('messages.exportError')} ${problemText(t, error)}`, true);
    } finally {
      setExporting(false);
    }
  }

  const filtered = Boolean(filters.status || filters.service || filters.q);
  const loaded = state.status === 'loaded' ? state.page : null;
  const rows = loaded?.data.data ?? null;
  const lastPage = useLastPage(loaded?.data.last_page);

  return (
    <section className="admin-page container" dir={directionOf(language)} aria-labelledby="messages-heading">
      <header className="admin-page__header">
        <div>
          <h1 id="messages-heading">{t('screens.messages.title')}</h1>
          {loaded && (
            <p className="messages-page__lead">{t('messages.newCount', { count: loaded.new_count })}</p>
          )}
        </div>
        <button
          type="button"
          className="admin-button admin-button--quiet"
          onClick={exportCsv}
          aria-disabled={exporting || undefined}
        >
          {exporting ? t('messages.exporting') : t('messages.export')}
        </button>
      </header>
      {outcomeLine}
      <search aria-label={t('messages.filters')}>
        <form className="admin-filters" onSubmit={search}>
          <label className="admin-field">
            <span className="admin-field__label">{t('messages.filterStatus')}</span>
            <select
              value={filters.status ?? ''}
              onChange={(event) =>
                show({ ...filters, status: (event.target.value || undefined) as MessageStatus | undefined })
              }
            >
              <option value="">{t('messages.allStatuses')}</option>
              {MESSAGE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`messages.status.${status}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="admin-field">
            <span className="admin-field__label">{t('messages.filterService')}</span>
            <select
              value={filters.service ?? ''}
              onChange={(event) => show({ ...filters, service: event.target.value || undefined })}
            >
              <option value="">{t('messages.allServices')}</option>
              {services.list.map((service) => (
                <option key={service.key} value={service.key}>
                  {service.name}
                </option>
              ))}
              {filters.service && !services.list.some((service) => service.key === filters.service) && (
                <option value={filters.service}>{filters.service}</option>
              )}
            </select>
          </label>
          <FilterSearch
            id="messages-q"
            label={t('messages.search')}
            value={query}
            maxLength={200}
            placeholder={t('messages.searchHint')}
            onChange={setQuery}
            button={t('messages.searchButton')}
          />
          <ClearFilters
            shown={filtered}
            onClear={() => {
              setQuery('');
              show({});
            }}
          >
            {t('messages.clearFilters')}
          </ClearFilters>
        </form>
      </search>
      {state.status === 'error' ? (
        <LoadFailure
          text={`${t('messages.loadError')} ${problemText(t, state.error)}`}
          onRetry={() => setReloadToken((n) => n + 1)}
        />
      ) : (
        <>
          <p className="messages-page__count" role="status">
            {loaded ? t('messages.total', { count: loaded.data.total }) : ''}
          </p>
          {rows && rows.length > 0 && (
            <BulkBar
              ids={rows.map((message) => message.id)}
              selected={selected}
              onSelect={select}
              onDone={(text, error) => {
                select([]);
                setReloadToken((n) => n + 1);
                report(text, error);
              }}
            />
          )}
          <table className="admin-table messages-table">
            <caption className="visually-hidden">{t('messages.caption')}</caption>
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col">
                    {t(`messages.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows === null || rows.length === 0 ? (
                <tr className="admin-table__empty">
                  <td colSpan={COLUMNS.length} role={rows === null ? 'status' : undefined}>
                    {rows === null
                      ? t('messages.loading')
                      : filtered
                        ? t('messages.emptyFiltered')
                        : t('messages.empty')}
                  </td>
                </tr>
              ) : (
                rows.map((message) => (
                  <MessageRow
                    key={message.id}
                    message={message}
                    language={language}
                    serviceName={services.nameOf(message.service, message.service_name)}
                    search={listKey}
                    selected={selected.has(message.id)}
                    onToggle={(on) =>
                      select(on ? [...selected, message.id] : [...selected].filter((id) => id !== message.id))
                    }
                  />
                ))
              )}
            </tbody>
          </table>
          <Pager page={page} lastPage={lastPage} onPage={(next) => show(filters, next)} />
        </>
      )}
    </section>
  );
}
