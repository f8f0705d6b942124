import type { ReactNode } from 'react';

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The validation message for this field, shown under it. */
  error?: string;
  rows?: number;
  type?: 'text' | 'date';
  dir?: 'ltr' | 'rtl' | 'auto';
  hint?: ReactNode;
  onFocus?: () => void;
  disabled?: boolean;
}

/** A labelled input, or a textarea when `rows` is given. */
export function TextField(props: TextFieldProps) {
  const { id, label, value, onChange, error, rows, type = 'text', dir, hint, onFocus, disabled } = props;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const common = {
    id,
    name: id.replace(/^post-/, ''),
    value,
    dir,
    onFocus,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined,
  };
  return (
    <div className={`admin-field${error ? ' admin-field--invalid' : ''}`}>
      <label className="admin-field__label" htmlFor={id}>
        {label}
      </label>
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
