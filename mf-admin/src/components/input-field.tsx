import type { InputHTMLAttributes, Ref } from 'react';

interface InputFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  hint?: string;
  /** The field's own message, shown under it and named by the input. */
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A labelled input with its hint and its error beneath, both named by the input (aria-describedby) and the
 * input marked invalid while there is an error: the password forms (account, reset, invitation) share it.
 */
export function InputField({ id, label, hint, error, inputRef, ...input }: InputFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={`admin-field${error ? ' admin-field--invalid' : ''}`}>
      <label className="admin-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined}
      />
      {hint && (
        <p className="admin-field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="admin-field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
