import { storedImageSrcSet } from '@agency/core/images';

/** Drawn and uploaded images are 16:9 (the seed's posters, the editor's crops are free: kept in the box). */
const WIDTH = 1200;
const HEIGHT = 675;

/** A stored image (its URL from the API) with the widths the server makes, for the browser to choose from. */
export function ProjectImage({
  src,
  alt,
  className,
  sizes,
  lazy = true,
}: {
  src: string;
  alt: string;
  className?: string;
  sizes: string;
  lazy?: boolean;
}) {
  const file = src.split('/').pop() ?? '';
  return (
    <img
      className={className}
      src={src}
      srcSet={storedImageSrcSet(decodeURIComponent(file)) || undefined}
      sizes={sizes}
      alt={alt}
      width={WIDTH}
      height={HEIGHT}
      loading={lazy ? 'lazy' : 'eager'}
    />
  );
}
