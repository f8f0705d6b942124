import { type ReactNode, useLayoutEffect, useRef } from 'react';

interface Choice {
  label: string;
  onChoose: () => void;
}

interface ChoiceDialogProps {
  id: string;
  title: string;
  /** What the editor is choosing about. */
  children: ReactNode;
  primary: Choice;
  secondary: Choice;
  className?: string;
}

/**
 * An in-page question with two answers (restore a draft or not, keep mine or take the server's). It takes focus
 * when it appears, so a keyboard or screen-reader user meets it first.
 */
export function ChoiceDialog({ id, title, children, primary, secondary, className = '' }: ChoiceDialogProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => heading.current?.focus(), []);
  return (
    <section
      className={`restore-prompt ${className}`.trim()}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
    >
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <div id={`${id}-text`}>{children}</div>
      <div className="restore-prompt__actions">
        <button type="button" className="button button--primary" onClick={primary.onChoose}>
          {primary.label}
        </button>
        <button type="button" className="button button--secondary" onClick={secondary.onChoose}>
          {secondary.label}
        </button>
      </div>
    </section>
  );
}
