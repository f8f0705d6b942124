import { useTranslation } from '@agency/core';
import { lazy, Suspense, useRef, useState } from 'react';
import { ErrorBoundary } from '../../../components/error-boundary';
import type { EditorForm } from '../lib/form-state';

// The preview (its frame, the share links) loads only when the editor opens it.
const PreviewPanel = lazy(() => import('../../post-preview/components/preview-panel'));

/** The editor's Preview button and, once opened, the post as readers will see it (post-preview/). */
export function PreviewSection({ form, storedSlug }: { form: EditorForm; storedSlug: string | null }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);

  function close() {
    setOpen(false);
    requestAnimationFrame(() => toggle.current?.focus());
  }

  return (
    <>
      <button
        ref={toggle}
        type="button"
        className="admin-button revisions-toggle"
        aria-expanded={open}
        aria-controls={open ? 'post-preview' : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {t(open ? 'preview.hide' : 'preview.show')}
      </button>
      {open && (
        <ErrorBoundary fallback={<p className="admin-alert admin-alert--error">{t('preview.panelError')}</p>}>
          <Suspense fallback={<p role="status">{t('preview.loading')}</p>}>
            <PreviewPanel form={form} storedSlug={storedSlug} onClose={close} />
          </Suspense>
        </ErrorBoundary>
      )}
    </>
  );
}
