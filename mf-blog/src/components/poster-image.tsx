import { storedImageSrcSet, storedImageUrl } from '@agency/core/images';
import { useState } from 'react';

export const POSTER_WIDTH = 1200;
export const POSTER_HEIGHT = 675;

interface PosterImageProps {
  /** The stored file name (`poster_image`), or null. */
  file: string | null;
  className?: string;
  /** Images further down the page wait until the reader scrolls near them. */
  lazy?: boolean;
  /** How wide it shows, for the browser to pick a width from `srcset` (a card's width by default). */
  sizes?: string;
}

/** A card's width: the whole column on a phone, half of it on a tablet, a third of the page beyond. */
export const CARD_SIZES = '(max-width: 42rem) 100vw, (max-width: 64rem) 50vw, 24rem';

/** The post's poster from /storage/poster_images/{file}; a neutral panel when there is none or it fails. */
export function PosterImage({ file, className = '', lazy = true, sizes = CARD_SIZES }: PosterImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const classes = `blog-poster ${className}`.trim();
  if (!file || failed === file) {
    return (
      <div className={`${classes} blog-poster--empty`} data-testid="poster-placeholder" aria-hidden="true" />
    );
  }
  return (
    // The title next to the poster says what the post is; the image adds nothing for a screen reader.
    <img
      className={classes}
      src={storedImageUrl(file)}
      // A phone downloads a phone-sized file (the server makes each width from the stored image).
      srcSet={storedImageSrcSet(file) || undefined}
      sizes={sizes}
      alt=""
      width={POSTER_WIDTH}
      height={POSTER_HEIGHT}
      loading={lazy ? 'lazy' : 'eager'}
      fetchPriority={lazy ? 'auto' : 'high'}
      decoding="async"
      onError={() => setFailed(file)}
    />
  );
}
