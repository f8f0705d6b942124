import { directionOf, type Language, useLanguage, useSearchParams, useTranslation } from '@agency/core';
import { AUDIT_ACTIONS, type AuditAction, isAuditAction } from '@agency/core/audit';
import { isRole } from '@agency/core/roles';
import type { TFunction } from 'i18next';
import { useEffect, useId, useState } from 'react';
import { ClearFilters } from '../../../components/filter-search';
import { LoadFailure } from '../../../components/load-failure';
import { Pager, useLastPage } from '../../../components/pager';
import { useScreenTitle } from '../../../hooks/use-screen-title';
import { formatSavedAt } from '../../../lib/dates';
import { problemText } from '../../../lib/failure-text';
import { type Account, getAccounts } from '../../people/api/people';
import { type AuditEntry, type AuditFilters, getAuditTrail } from '../api/audit';
import './audit.css';

/** The server's limits on the query (an address typed by hand is held to them, not refused). */
const MAX_PAGE = 100_000;
const MAX_ID = 2_147_483_647;

function positive(value: string | null, max: number): number | undefined {
  if (value === null || !/^\d{1,10}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= max ? n : undefined;
}

/** The filters and the page written in the address (a reload, the back button or a shared link keep them). */
export function auditQueryFrom(params: URLSearchParams): { filters: AuditFilters; page: number } {
  const actor = positive(params.get('actor'), MAX_ID);
  const action = params.get('action');
  return {
    filters: {
      ...(actor !== undefined ? { actor } : {}),
      ...(isAuditAction(action) ? { action } : {}),
    },
    page: positive(params.get('page'), MAX_PAGE) ?? 1,
  };
}

type TrailState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'loaded'; key: string; page: Awaited<ReturnType<typeof getAuditTrail>> };

/** A role's name in words, or the value as it came. */
function roleWord(t: TFunction<'admin'>, value: unknown): string {
  return isRole(value) ? t(`people.roles.${value}`) : String(value);
}

/** The small facts of an entry in words: a role from and to, a count, why a sign-in failed. */
function detailText(t: TFunction<'admin'>, entry: AuditEntry): string | null {
  const { details } = entry;
  if (entry.action === 'role_changed' && details.from !== undefined && details.to !== undefined) {
    return t('audit.roleChange', { from: roleWord(t, details.from), to: roleWord(t, details.to) });
  }
  if (entry.action === 'messages_exported' && typeof details.count === 'number') {
    return t('audit.exported', { count: details.count });
  }
  if (typeof details.reason === 'string') {
    return t(`audit.reasons.${details.reason}`, { defaultValue: details.reason });
  }
  return null;
}

function ActorCell({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin');
  const { actor } = entry;
  if (!actor) return <span>{t('audit.nobody')}</span>;
  return (
    <>
      {actor.name && (
        <span className="audit-table__name" dir="auto">
          {actor.name}
        </span>
      )}
      <span className="audit-table__email" dir="ltr">
        {actor.email}
      </span>
      {actor.id === null && <span className="audit-table__note">{t('audit.noAccount')}</span>}
    </>
  );
}

function TargetCell({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin');
  const { target } = entry;
  if (!target) return <span aria-hidden="true">{t('audit.none')}</span>;
  const kind = t(`audit.targets.${target.type}`, { defaultValue: target.type });
  const name = target.label ?? t('audit.messageNumber', { id: target.id });
  return (
    <>
      <span className="audit-table__note">{kind}</span>
      <span className="audit-table__label" dir="auto">
        {name}
      </span>
    </>
  );
}

function EntryRow({ entry, language }: { entry: AuditEntry; language: Language }) {
  const { t } = useTranslation('admin');
  const detail = detailText(t, entry);
  return (
    <tr className="admin-table__row">
      <td data-label={t('audit.columns.at')}>
        <time dateTime={entry.at}>{formatSavedAt(entry.at, language)}</time>
      </td>
      <td data-label={t('audit.columns.actor')}>
        <span className="audit-table__value">
          <ActorCell entry={entry} />
        </span>
      </td>
      <td data-label={t('audit.columns.action')}>
        <span className="audit-table__value">
          <span className="audit-table__action">{t(`audit.actions.${entry.action}`)}</span>
          {detail && (
            <span className="audit-table__note" dir="auto">
              {detail}
            </span>
          )}
        </span>
      </td>
      <td data-label={t('audit.columns.target')}>
        <span className="audit-table__value">
          <TargetCell entry={entry} />
        </span>
      </td>
      <td data-label={t('audit.columns.ip')}>
        {entry.ip ? <span dir="ltr">{entry.ip}</span> : <span aria-hidden="true">{t('audit.none')}</span>}
      </td>
    </tr>
  );
}

const COLUMNS = ['at', 'actor', 'action', 'target', 'ip'] as const;

/**
 * /site/audit: the audit trail, newest first, 50 entries a page, filtered by person and by action (both in
 * the address). Administrators and the owner only (the server refuses the others).
 */
export function AuditScreen() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const { filters, page } = auditQueryFrom(params);
  const key = JSON.stringify([filters.actor, filters.action, page]);
  const [asked, setAsked] = useState(0);
  const [state, setState] = useState<TrailState>({ status: 'loading' });
  const [accounts, setAccounts] = useState<Account[]>([]);
  useScreenTitle(t('screens.audit.title'));

  useEffect(() => {
    const controller = new AbortController();
    // The person filter's choices; without them the filter still shows the one in the address.
    getAccounts(controller.signal).then(setAccounts, () => undefined);
    return () => controller.abort();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the filters and the page.
  useEffect(() => {
    const controller = new AbortController();
    setState((current) =>
      current.status === 'loaded' && current.key === key ? current : { status: 'loading' },
    );
    getAuditTrail(filters, page, controller.signal).then(
      (answer) => {
        if (!controller.signal.aborted) setState({ status: 'loaded', key, page: answer });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [key, asked]);

  const show = (next: AuditFilters, nextPage = 1) =>
    setParams({
      ...(next.actor !== undefined ? { actor: String(next.actor) } : {}),
      ...(next.action ? { action: next.action } : {}),
      ...(nextPage > 1 ? { page: String(nextPage) } : {}),
    });

  const loaded = state.status === 'loaded' ? state.page : null;
  const rows = loaded?.data ?? null;
  const lastPage = useLastPage(loaded?.last_page);
  const filtered = filters.actor !== undefined || filters.action !== undefined;
  const unknownActor = filters.actor !== undefined && !accounts.some((a) => a.id === filters.actor);

  return (
    <section className="admin-page container" dir={directionOf(language)} aria-labelledby={`${id}-heading`}>
      <header className="admin-page__header">
        <div>
          <h1 id={`${id}-heading`}>{t('screens.audit.title')}</h1>
          <p className="audit-page__intro">{t('audit.intro')}</p>
        </div>
      </header>
      <search aria-label={t('audit.filters')}>
        <form className="admin-filters" onSubmit={(event) => event.preventDefault()}>
          <label className="admin-field">
            <span className="admin-field__label">{t('audit.filterPerson')}</span>
            <select
              value={filters.actor ?? ''}
              onChange={(event) =>
                show({ ...filters, actor: event.target.value ? Number(event.target.value) : undefined })
              }
            >
              <option value="">{t('audit.everyone')}</option>
              {accounts.map((account) => (
                <option key={account.id} value={account.id}>
                  {account.name ? `${account.name} (${account.email})` : account.email}
                </option>
              ))}
              {unknownActor && <option value={filters.actor}>#{filters.actor}</option>}
            </select>
          </label>
          <label className="admin-field">
            <span className="admin-field__label">{t('audit.filterAction')}</span>
            <select
              value={filters.action ?? ''}
              onChange={(event) =>
                show({ ...filters, action: (event.target.value || undefined) as AuditAction | undefined })
              }
            >
              <option value="">{t('audit.allActions')}</option>
              {AUDIT_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {t(`audit.actions.${action}`)}
                </option>
              ))}
            </select>
          </label>
          <ClearFilters shown={filtered} onClear={() => show({})}>
            {t('audit.clearFilters')}
          </ClearFilters>
        </form>
      </search>
      {state.status === 'error' ? (
        <LoadFailure
          text={`${t('audit.loadError')} ${problemText(t, state.error)}`}
          onRetry={() => setAsked((n) => n + 1)}
        />
      ) : (
        <>
          <p className="audit-page__count" role="status">
            {loaded ? t('audit.total', { count: loaded.total }) : ''}
          </p>
          <table className="admin-table audit-table" aria-busy={state.status === 'loading' || undefined}>
            <caption className="visually-hidden">{t('audit.caption')}</caption>
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col">
                    {t(`audit.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows === null || rows.length === 0 ? (
                <tr className="admin-table__empty">
                  <td colSpan={COLUMNS.length}>
                    {rows === null
                      ? t('audit.loading')
                      : filtered
                        ? t('audit.emptyFiltered')
                        : t('audit.empty')}
                  </td>
                </tr>
              ) : (
                rows.map((entry) => <EntryRow key={entry.id} entry={entry} language={language} />)
              )}
            </tbody>
          </table>
          <Pager page={page} lastPage={lastPage} onPage={(next) => show(filters, next)} />
        </>
      )}
    </section>
  );
}
