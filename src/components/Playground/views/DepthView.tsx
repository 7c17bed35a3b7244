/** The image and its depth heat-map side by side, with the colour scale. */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { decodeGrayPng, paintRgba } from '@site/src/playground/decode';
import { colorizeDepth, depthGradientCss } from '@site/src/playground/depth';
import styles from '../styles.module.css';

interface Depth {
  width: number;
  height: number;
  png_base64: string;
  min: number;
  max: number;
}

export default function DepthView({
  imageUrl,
  size,
  depth,
}: {
  /** Null: the page may not show the image (an `image_url` on another host); the depth map alone. */
  imageUrl: string | null;
  size: { width: number; height: number };
  depth: Depth;
}): ReactNode {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'decoding' | 'ready' | 'failed'>('decoding');
  useEffect(() => {
    let live = true;
    decodeGrayPng(depth.png_base64).then(
      (gray) => {
        if (!live || !canvas.current) return;
        paintRgba(canvas.current, colorizeDepth(gray.data), gray.width, gray.height);
        setState('ready');
      },
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [depth.png_base64]);
  return (
    <div>
      <div className={imageUrl ? styles.sideBySide : styles.single}>
        {imageUrl ? (
          <figure className={styles.figure}>
            <img src={imageUrl} alt="Input image" width={size.width} height={size.height} />
            <figcaption>Image</figcaption>
          </figure>
        ) : null}
        <figure className={styles.figure}>
          <canvas
            ref={canvas}
            className={styles.depthCanvas}
            width={depth.width}
            height={depth.height}
            role="img"
            aria-label="Depth map"
            data-state={state}
          />
          <figcaption>Depth map{state === 'failed' ? ' (could not be decoded)' : ''}</figcaption>
        </figure>
      </div>
      <div className={styles.scale} aria-label="Depth colour scale">
        <span>Far ({depth.min.toFixed(2)})</span>
        <span className={styles.scaleBar} style={{ background: depthGradientCss() }} />
        <span>Near ({depth.max.toFixed(2)})</span>
      </div>
      <p className={styles.muted}>
        Relative depth: brighter in the PNG (red here) is nearer the camera.
      </p>
    </div>
  );
}
