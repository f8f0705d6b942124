import { type Language, useLanguage, useTranslation } from '@agency/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ChoiceDialog } from '../../../components/choice-dialog';
import { problemText } from '../../../lib/failure-text';
import type { EditorForm } from '../../post-editor/lib/form-state';
import { postFormData } from '../../post-editor/lib/post-form-data';
import {
  createPreviewLink,
  listPreviewLinks,
  type PreviewLink,
  previewPage,
  revokePreviewLink,
} from '../api/preview';
import './preview-panel.css';

/** The widths the preview is shown at: a phone's and a desktop's. */
export const PREVIEW_WIDTHS = { phone: 390, desktop: 1280 } as const;
type Width = keyof typeof PREVIEW_WIDTHS;
/** The frame's height, in the page's pixels. */
const FRAME_HEIGHT = 820;

/**
 * The frame runs no script at all (no `allow-scripts`): nothing in the page can act as the editor. It keeps
 * the site's origin only so that the page's own stylesheets, fonts and images (served to this origin alone)
 * load as on the real page.
 */
const SANDBOX = 'allow-same-origin';

export interface PreviewPanelProps {
  /** The form as it is now, unsaved changes included. */
  form: EditorForm;
  /** The saved post's slug (its image, its links); null for a post not saved yet. */
  storedSlug: string | null;
  onClose: () => void;
}

/** The moment a link stops working, in the interface's language. */
function untilText(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-EG' : 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/** The form as the preview route takes it: the save's fields, without the image file (never shown unsaved). */
function previewForm(form: EditorForm, storedSlug: string | null): FormData {
  const data = postFormData(form, storedSlug ? 'update' : 'create');
  data.delete('poster_image');
  if (storedSlug) data.append('post', storedSlug);
  return data;
}

/**
 * The post as readers will see it (the server's page for the form as it is, in a sandboxed frame at a phone's
 * or a desktop's width), and the links that let someone without an account read it.
 */
export default function PreviewPanel({ form, storedSlug, onClose }: PreviewPanelProps) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const heading = useRef<HTMLHeadingElement>(null);
  const [width, setWidth] = useState<Width>('desktop');
  const [page, setPage] = useState<{ html: string } | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  const formRef = useRef(form);
  formRef.current = form;
  // The page is laid out at its width and shrunk to the panel's when the panel is narrower, so all of it shows.
  const [room, setRoom] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const viewport = useCallback((element: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element || typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(() => setRoom(element.clientWidth));
    observer.current.observe(element);
  }, []);
  const pixels = PREVIEW_WIDTHS[width];
  const scale = room > 0 ? Math.min(1, room / pixels) : 1;

  const show = useCallback(
    async (signal?: AbortSignal) => {
      setLoading(true);
      setError('');
      try {
        const html = await previewPage(previewForm(formRef.current, storedSlug), signal);
        if (!signal?.aborted) setPage({ html });
      } catch (failure) {
        if (signal?.aborted) return;
        setError(`${t('preview.loadError')}: ${problemText(t, failure)}`);
      } finally {
        if (!signal?.aborted) setLoading(false);
      }
    },
    [storedSlug, t],
  );

  useEffect(() => {
    heading.current?.focus();
    const controller = new AbortController();
    void show(controller.signal);
    return () => controller.abort();
  }, [show]);

  return (
    <section id="post-preview" className="preview-panel" aria-labelledby="post-preview-title">
      <div className="preview-panel__bar">
        <h2 id="post-preview-title" ref={heading} tabIndex={-1}>
          {t('preview.title')}
        </h2>
        <fieldset className="preview-panel__widths">
          <legend className="visually-hidden">{t('preview.width')}</legend>
          {(Object.keys(PREVIEW_WIDTHS) as Width[]).map((name) => (
            <button
              key={name}
              type="button"
              className="admin-button"
              aria-pressed={width === name}
              onClick={() => setWidth(name)}
            >
              {t(`preview.${name}`, { width: PREVIEW_WIDTHS[name] })}
            </button>
          ))}
        </fieldset>
        <button type="button" className="admin-button" onClick={() => void show()} disabled={loading}>
          {t('preview.refresh')}
        </button>
        <button type="button" className="admin-button" onClick={onClose}>
          {t('preview.close')}
        </button>
      </div>
      <p className="preview-panel__note">{t('preview.note')}</p>
      <p role="status" className="preview-panel__status">
        {loading ? t('preview.loading') : ''}
      </p>
      {error && (
        <p role="alert" className="admin-alert admin-alert--error">
          {error}
        </p>
      )}
      {page && (
        <div
          ref={viewport}
          className="preview-panel__viewport"
          style={{ height: `${Math.round(FRAME_HEIGHT * scale)}px` }}
        >
          <iframe
            className="preview-panel__frame"
            title={t('preview.frameTitle')}
            sandbox={SANDBOX}
            srcDoc={page.html}
            style={{
              width: `${pixels}px`,
              height: `${FRAME_HEIGHT}px`,
              transform: scale < 1 ? `scale(${scale})` : undefined,
            }}
          />
        </div>
      )}
      {storedSlug ? (
        <ShareLinks slug={storedSlug} language={language} />
      ) : (
        <p className="preview-panel__note">{t('preview.saveToShare')}</p>
      )}
    </section>
  );
}

/** The post's live preview links: a new one (its address shown once), each one's expiry, revoking one. */
function ShareLinks({ slug, language }: { slug: string; language: Language }) {
  const { t } = useTranslation('admin');
  const [links, setLinks] = useState<PreviewLink[] | null>(null);
  const [made, setMade] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [asking, setAsking] = useState<PreviewLink | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    listPreviewLinks(slug, controller.signal)
      .then((found) => setLinks(found))
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setError(`${t('preview.listError')}: ${problemText(t, failure)}`);
      });
    return () => controller.abort();
  }, [slug, t]);

  async function share() {
    setBusy(true);
    setError('');
    setDone('');
    try {
      const link = await createPreviewLink(slug);
      setMade(new URL(link.url, window.location.origin).href);
      setLinks((now) => [
        ...(now ?? []),
        { id: link.id, created_at: new Date().toISOString(), expires_at: link.expires_at },
      ]);
      setDone(t('preview.shared'));
    } catch (failure) {
      setError(`${t('preview.shareError')}: ${problemText(t, failure)}`);
    } finally {
      setBusy(false);
    }
  }

  async function revoke(link: PreviewLink) {
    setAsking(null);
    setBusy(true);
    setError('');
    setDone('');
    try {
      await revokePreviewLink(link.id);
      setLinks((now) => (now ?? []).filter((one) => one.id !== link.id));
      setMade(null);
      setDone(t('preview.revoked'));
    } catch (failure) {
      setError(`${t('preview.revokeError')}: ${problemText(t, failure)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="preview-links" aria-labelledby="preview-links-title">
      <h3 id="preview-links-title">{t('preview.linksTitle')}</h3>
      <p>{t('preview.linksIntro')}</p>
      <button type="button" className="admin-button" onClick={() => void share()} disabled={busy}>
        {t('preview.share')}
      </button>
      {made && (
        <p className="preview-links__made">
          <label htmlFor="preview-link-url">{t('preview.linkLabel')}</label>
          <input
            id="preview-link-url"
            type="url"
            readOnly
            dir="ltr"
            value={made}
            onFocus={(e) => e.target.select()}
          />
        </p>
      )}
      <p role="status">{done}</p>
      {error && (
        <p role="alert" className="admin-alert admin-alert--error">
          {error}
        </p>
      )}
      {asking && (
        <ChoiceDialog
          id="preview-link-revoke"
          title={t('preview.revokeTitle')}
          primary={{ label: t('preview.revokeConfirm'), onChoose: () => void revoke(asking) }}
          secondary={{ label: t('preview.revokeCancel'), onChoose: () => setAsking(null) }}
        >
          <p>{t('preview.revokeText', { date: untilText(asking.expires_at, language) })}</p>
        </ChoiceDialog>
      )}
      {links && links.length === 0 && <p>{t('preview.noLinks')}</p>}
      {links && links.length > 0 && (
        <ul className="preview-links__list" aria-label={t('preview.liveLinks')}>
          {links.map((link) => (
            <li key={link.id}>
              <span>{t('preview.validUntil', { date: untilText(link.expires_at, language) })}</span>
              <button type="button" className="admin-button" disabled={busy} onClick={() => setAsking(link)}>
                {t('preview.revoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
