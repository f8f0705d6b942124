import { useState } from 'react';

export const POSTER_WIDTH = 1200;
export const POSTER_HEIGHT = 675;

interface PosterImageProps {
  /** The stored file name (`poster_image`), or null. */
  file: string | null;
  className?: string;
  /** Images further down the page wait until the reader scrolls near them. */
  lazy?: boolean;
}

/** The post's poster from /storage/poster_images/{file}; a neutral panel when there is none or it fails. */
export function PosterImage({ file, className = '', lazy = true }: PosterImageProps) {
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
      src={`/storage/poster_images/${encodeURIComponent(file)}`}
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
