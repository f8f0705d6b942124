import { Link } from '@agency/core';
import { forwardRef } from 'react';

export interface Banner {
  kind: 'success' | 'error' | 'info';
  text: string;
  /** A second line, e.g. that the work is kept on this device. */
  note?: string;
  /** Where to go next, e.g. the post just created: its edit screen and its public page. */
  links?: { to: string; text: string }[];
}

/** The success or error banner above the form; errors are announced at once. */
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
          <p>{banner.text}</p>
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
