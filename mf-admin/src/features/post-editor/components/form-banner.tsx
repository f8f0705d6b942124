import { Link } from '@agency/core';
import { forwardRef } from 'react';
import { ErrorSummary } from '../../../components/error-summary';

export interface Banner {
  kind: 'success' | 'error' | 'info';
  text: string;
  /** A second line, e.g. that the work is kept on this device. */
  note?: string;
  /** Where to go next, e.g. the post just created: its edit screen and its public page. */
  links?: { to: string; text: string }[];
  /** A form's problems: `text` heads a list of them, each a link to its field (`post-{field}`). */
  errors?: { field: string; message: string }[];
}

/**
 * The success or error banner above the form; errors are announced at once. A form's problems show as an
 * error summary (GOV.UK's pattern): a heading, then every problem as a link to its field.
 */
export const FormBanner = forwardRef<HTMLDivElement, { banner: Banner | null }>(function FormBanner(
  { banner },
  ref,
) {
  return (
    <div ref={ref} tabIndex={-1} className="form-banner-slot">
      {banner && (
        <div
          className={`admin-alert admin-alert--${banner.kind}`}
          role={banner.kind === 'error' ? 'alert' : 'status'}
        >
          {banner.errors ? (
            <ErrorSummary
              title={banner.text}
              errors={banner.errors.map(({ field, message }) => ({ id: `post-${field}`, message }))}
            />
          ) : (
            <p>{banner.text}</p>
          )}
          {banner.note && <p>{banner.note}</p>}
          {banner.links && banner.links.length > 0 && (
            <p className="form-banner__links">
              {banner.links.map((link) => (
                <Link key={link.to} to={link.to} dir="auto">
                  {link.text}
                </Link>
              ))}
            </p>
          )}
        </div>
      )}
    </div>
  );
});
