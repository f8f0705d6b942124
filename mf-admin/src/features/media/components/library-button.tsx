import { useTranslation } from '@agency/core';
import type { MediaItem } from '@agency/core/rules';
import { lazy, Suspense, useRef, useState } from 'react';
import { ErrorBoundary } from '../../../components/error-boundary';

// The picker (its list, search and dialog) loads only when an editor asks for it: the forms carry this button.
const MediaPicker = lazy(() => import('./media-picker'));

interface LibraryButtonProps {
  /** The button's text; "Choose from library" unless told. */
  label?: string;
  /** Names the field it fills, for a form with several ("Cover image: Choose from library"). */
  ariaLabel?: string;
  disabled?: boolean;
  className?: string;
  onChoose(item: MediaItem): void;
}

/** Opens the library's picker; the image chosen there is given to `onChoose`, and focus comes back here. */
export function LibraryButton({ label, ariaLabel, disabled, className, onChoose }: LibraryButtonProps) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className={className ?? 'admin-button admin-button--quiet'}
        aria-label={ariaLabel}
        aria-haspopup="dialog"
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        {label ?? t('media.picker.open')}
      </button>
      {open && (
        <ErrorBoundary
          fallback={
            <p className="admin-alert admin-alert--error" role="alert">
              {t('media.picker.loadError')}
            </p>
          }
        >
          <Suspense
            fallback={
              <p className="admin-checking" role="status">
                {t('media.loading')}
              </p>
            }
          >
            <MediaPicker
              onClose={close}
              onChoose={(item) => {
                close();
                onChoose(item);
              }}
            />
          </Suspense>
        </ErrorBoundary>
      )}
    </>
  );
}
