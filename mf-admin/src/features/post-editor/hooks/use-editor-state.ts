import { useTranslation } from '@agency/core';
import { type PostField, validatePost } from '@agency/core/rules';
import { useCallback, useReducer, useRef, useState } from 'react';
import type { DraftSnapshot } from '../../drafts/hooks/use-autosave';
import type { Busy } from '../components/form-actions';
import type { Banner } from '../components/form-banner';
import { type EditorForm, formReducer } from '../lib/form-state';

export interface FieldError {
  field: PostField;
  message: string;
}

/** The draft record of a form. */
export function toSnapshot(
  key: string,
  kind: 'new' | 'edit',
  slug: string | null,
  form: EditorForm,
): DraftSnapshot {
  return { key, kind, slug, ...form };
}

/** The state both editor screens share: the form, its first error, the banner and what is running. */
export function useEditorState(initial: EditorForm) {
  const { t } = useTranslation('admin');
  const [form, dispatch] = useReducer(formReducer, initial);
  const [fieldError, setFieldError] = useState<FieldError | null>(null);
  const [banner, setBannerState] = useState<Banner | null>(null);
  const [busy, setBusy] = useState<Busy>('idle');
  const bannerRef = useRef<HTMLDivElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);

  /** Shows a banner; success and failure of a submit also move focus to it (and so scroll it into view). */
  const setBanner = useCallback((next: Banner | null, focus = false) => {
    setBannerState(next);
    if (focus) requestAnimationFrame(() => bannerRef.current?.focus());
  }, []);

  /** Checks in the spec's order and reports the first problem: banner, field marked, focus on the field. */
  const validate = useCallback(
    (candidate: EditorForm): boolean => {
      const [problem] = validatePost(candidate.fields);
      if (!problem) {
        setFieldError(null);
        return true;
      }
      const message = t(problem.key);
      setFieldError({ field: problem.field, message });
      setBanner({ kind: 'error', text: message });
      requestAnimationFrame(() => document.getElementById(`post-${problem.field}`)?.focus());
      return false;
    },
    [t, setBanner],
  );

  const clearFileInput = useCallback(() => {
    if (fileInputRef.current) fileInputRef.current.value = '';
  }, []);

  return {
    form,
    dispatch,
    fieldError,
    banner,
    setBanner,
    busy,
    setBusy,
    bannerRef,
    fileInputRef,
    validate,
    clearFileInput,
  };
}

export type EditorState = ReturnType<typeof useEditorState>;
