import { useTranslation } from '@agency/core';
import { type KeyboardEvent, useRef } from 'react';

interface TabListProps<K extends string> {
  /** Prefix of the tab ids: each tab is `${idPrefix}-tab-${key}`, and they all control `${idPrefix}-panel`. */
  idPrefix: string;
  label: string;
  tabs: readonly { key: K; label: string }[];
  selected: K;
  onSelect: (key: K) => void;
  className?: string;
}

export const tabId = (idPrefix: string, key: string) => `${idPrefix}-tab-${key}`;
export const panelId = (idPrefix: string) => `${idPrefix}-panel`;

/**
 * Tabs in the WAI-ARIA pattern: one tab stop, arrow keys move and select (mirrored right to left), Home and
 * End jump to the ends. The caller renders the panel with `id={panelId(idPrefix)}` labelled by the selected tab.
 */
export function TabList<K extends string>({
  idPrefix,
  label,
  tabs,
  selected,
  onSelect,
  className,
}: TabListProps<K>) {
  const { i18n } = useTranslation();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function onKey(event: KeyboardEvent<HTMLButtonElement>) {
    const rtl = i18n.dir() === 'rtl';
    const index = tabs.findIndex((tab) => tab.key === selected);
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    let next: number | undefined;
    if (step !== undefined) next = (index + step + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    const tab = next === undefined ? undefined : tabs[next];
    if (next === undefined || !tab) return;
    event.preventDefault();
    onSelect(tab.key);
    buttons.current[next]?.focus();
  }

  return (
    <div className={className} role="tablist" aria-label={label}>
      {tabs.map((tab, index) => (
        <button
          key={tab.key}
          ref={(el) => {
            buttons.current[index] = el;
          }}
          type="button"
          role="tab"
          id={tabId(idPrefix, tab.key)}
          aria-selected={tab.key === selected}
          aria-controls={panelId(idPrefix)}
          tabIndex={tab.key === selected ? 0 : -1}
          className="mk-tab"
          onClick={() => onSelect(tab.key)}
          onKeyDown={onKey}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
