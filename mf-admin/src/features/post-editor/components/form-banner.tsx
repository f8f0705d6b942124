import { forwardRef } from 'react';

export interface Banner {
  kind: 'success' | 'error' | 'info';
  text: string;
  /** A second line, e.g. that the work is kept on this device. */
  note?: string;
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
        </div>
      )}
    </div>
  );
});
