import type { ReactNode } from 'react';

interface FilterSearchProps {
  id: string;
  label: string;
  value: string;
  maxLength: number;
  placeholder?: string;
  onChange: (value: string) => void;
  /** The submit button's text: the search runs on Enter or this button (the form's submit). */
  button: string;
}

/** A list screen's search field and its button, inside the screen's filter form (admin.css `.admin-filters`). */
export function FilterSearch({
  id,
  label,
  value,
  maxLength,
  placeholder,
  onChange,
  button,
}: FilterSearchProps) {
  return (
    <div className="admin-field admin-filters__search">
      <label className="admin-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="admin-filters__search-row">
        <input
          id={id}
          type="search"
          value={value}
          maxLength={maxLength}
          dir="auto"
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
        />
        <button type="submit" className="admin-button admin-button--quiet">
          {button}
        </button>
      </div>
    </div>
  );
}

/** "Clear filters": shown while any filter is set, it empties the search and shows the whole list. */
export function ClearFilters({
  shown,
  onClear,
  children,
}: {
  shown: boolean;
  onClear: () => void;
  children: ReactNode;
}) {
  if (!shown) return null;
  return (
    <button type="button" className="admin-link-button admin-filters__clear" onClick={onClear}>
      {children}
    </button>
  );
}
