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

/** The state both editor screens share: the form, its errors, the banner and what is running. */
export function useEditorState(initial: EditorForm) {
  const { t } = useTranslation('admin');
  const [form, dispatch] = useReducer(formReducer, initial);
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);
  const [banner, setBannerState] = useState<Banner | null>(null);
  const [busy, setBusy] = useState<Busy>('idle');
  const bannerRef = useRef<HTMLDivElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);

  /** Shows a banner; success and failure of a submit also move focus to it (and so scroll it into view). */
  const setBanner = useCallback((next: Banner | null, focus = false) => {
    setBannerState(next);
    if (focus) requestAnimationFrame(() => bannerRef.current?.focus());
  }, []);

  /**
   * Checks every field and reports every problem at once, in the spec's order (as GOV.UK's error summary
   * does): each field marked with its message, and a summary above the form that links to each, which gets
   * focus.
   */
  const validate = useCallback(
    (candidate: EditorForm): boolean => {
      const problems = validatePost(candidate.fields).map(({ field, key }) => ({ field, message: t(key) }));
      setFieldErrors(problems);
      if (problems.length === 0) return true;
      setBanner({ kind: 'error', text: t('editor.errorSummary'), errors: problems }, true);
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
    fieldErrors,
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
