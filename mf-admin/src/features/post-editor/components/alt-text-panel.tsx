import { useTranslation } from '@agency/core';
import { type KeyboardEvent, useState } from 'react';

interface AltTextPanelProps {
  /** The id of the input, unique on the page. */
  id: string;
  image: HTMLImageElement;
  onSave: (alt: string) => void;
  onCancel: () => void;
}

/**
 * Asks for an inline image's alt text: when it is inserted, and when the editor chooses to change it. It sits
 * inside the post's form, so Enter saves the alt text here instead of submitting the post.
 */
export function AltTextPanel({ id, image, onSave, onCancel }: AltTextPanelProps) {
  const { t } = useTranslation('admin');
  const [alt, setAlt] = useState(() => image.getAttribute('alt') ?? '');

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      onSave(alt);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  }

  return (
    <div className="alt-text">
      <img className="alt-text__preview" src={image.getAttribute('src') ?? ''} alt="" />
      <div className="admin-field alt-text__field">
        <label className="admin-field__label" htmlFor={id}>
          {t('editor.altText.label')}
        </label>
        <input
          id={id}
          type="text"
          dir="auto"
          value={alt}
          onChange={(event) => setAlt(event.target.value)}
          onKeyDown={keyDown}
          aria-describedby={`${id}-hint`}
          // biome-ignore lint/a11y/noAutofocus: the panel opens on the editor's request, to be typed in at once
          autoFocus
        />
        <p id={`${id}-hint`} className="admin-field__hint">
          {t('editor.altText.hint')}
        </p>
        <div className="alt-text__actions">
          <button type="button" className="admin-button" onClick={() => onSave(alt)}>
            {t('editor.altText.save')}
          </button>
          <button type="button" className="admin-button admin-button--quiet" onClick={onCancel}>
            {t('editor.altText.cancel')}
          </button>
        </div>
      </div>
    </div>
  );
}
