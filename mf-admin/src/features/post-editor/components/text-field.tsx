import type { ReactNode } from 'react';

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The validation message for this field, shown under it. */
  error?: string;
  rows?: number;
  type?: 'text' | 'date' | 'time';
  dir?: 'ltr' | 'rtl' | 'auto';
  hint?: ReactNode;
  onFocus?: () => void;
  disabled?: boolean;
  /** Marked with the form's sign for a required field, and `required` for assistive technology. */
  required?: boolean;
  /** Marked invalid by a message another field shows (a date and its time share one). */
  invalid?: boolean;
  /** The id of another field's hint that describes this one too. */
  describedBy?: string;
}

/** The sign after a required field's label, explained once at the top of the form (RequiredNote). */
export function RequiredMark() {
  return (
    <span className="admin-field__required" aria-hidden="true">
      *
    </span>
  );
}

/** A labelled input, or a textarea when `rows` is given. */
export function TextField(props: TextFieldProps) {
  const {
    id,
    label,
    value,
    onChange,
    error,
    rows,
    type = 'text',
    dir,
    hint,
    onFocus,
    disabled,
    required,
    invalid,
    describedBy,
  } = props;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const common = {
    id,
    name: id.replace(/^post-/, ''),
    value,
    dir,
    onFocus,
    disabled,
    required,
    'aria-invalid': error || invalid ? true : undefined,
    'aria-describedby': [errorId, hintId, describedBy].filter(Boolean).join(' ') || undefined,
  };
  return (
    <div className={`admin-field${error || invalid ? ' admin-field--invalid' : ''}`}>
      {/* The sign stays out of the label, so that the field's name is the label alone. */}
      <span className="admin-field__label-row">
        <label className="admin-field__label" htmlFor={id}>
          {label}
        </label>
        {required && <RequiredMark />}
      </span>
      {rows ? (
        <textarea {...common} rows={rows} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={type} onChange={(e) => onChange(e.target.value)} />
      )}
      {error && (
        <p id={errorId} className="admin-field__error">
          {error}
        </p>
      )}
      {hint && (
        <div id={hintId} className="admin-field__hint">
          {hint}
        </div>
      )}
    </div>
  );
}
