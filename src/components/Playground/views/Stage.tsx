/**
 * The input image with the result drawn over it (children). Where the page may not show the
 * image (an `image_url` on another host: the Content-Security-Policy loads images from the site
 * only), an empty frame of the image's size stands in, so the overlay keeps its place.
 */
import type { CSSProperties, ReactNode } from 'react';
import styles from '../styles.module.css';

type Size = { width: number; height: number };

/** The frame's box: the image's aspect ratio, at most its own width, the column's, and 32rem tall. */
export function frameStyle({ width, height }: Size): CSSProperties {
  return {
    aspectRatio: `${width} / ${height}`,
    width: `min(100%, ${width}px, ${((32 * width) / height).toFixed(3)}rem)`,
  };
}

export default function Stage({
  imageUrl,
  alt,
  size,
  children,
}: {
  imageUrl: string | null;
  alt: string;
  size: Size;
  children?: ReactNode;
}): ReactNode {
  return (
    <div className={styles.stage} style={imageUrl ? undefined : frameStyle(size)}>
      {imageUrl ? (
        <img src={imageUrl} alt={alt} width={size.width} height={size.height} />
      ) : (
        <div
          className={styles.frame}
          role="img"
          aria-label={`${alt} (${size.width} × ${size.height}, the image itself is not shown)`}
        />
      )}
      {children}
    </div>
  );
}
