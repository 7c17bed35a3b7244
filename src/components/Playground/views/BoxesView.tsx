/** Boxes with label chips over the image; the list below repeats them as text. */
import type { CSSProperties, ReactNode } from 'react';
import { rgbCss, textColorOn } from '@site/src/playground/colors';
import { boxesToOverlay, type DetectionLike } from '@site/src/playground/overlay';
import Stage from './Stage';
import styles from '../styles.module.css';

export function BoxLayer({
  detections,
  size,
}: {
  detections: readonly DetectionLike[];
  size: { width: number; height: number };
}): ReactNode {
  const boxes = boxesToOverlay(detections, size.width, size.height);
  return (
    <div className={styles.overlay} role="list" aria-label="Detections" data-count={boxes.length}>
      {boxes.map((b, i) => (
        <div
          key={i}
          role="listitem"
          aria-label={b.text}
          className={styles.box}
          style={{
            left: `${b.left}%`,
            top: `${b.top}%`,
            width: `${b.width}%`,
            height: `${b.height}%`,
            borderColor: rgbCss(b.color),
          }}
        >
          <span
            className={styles.chip}
            data-inside={b.chipInside || undefined}
            data-align={b.chipAlign}
            style={
              {
                background: rgbCss(b.color),
                color: textColorOn(b.color),
                // Read by the chip's max-width and top (styles.module.css).
                '--chip-room': b.chipRoom,
                '--chip-room-above': b.chipRoomAbove,
              } as CSSProperties
            }
            aria-hidden="true"
          >
            {b.text}
          </span>
        </div>
      ))}
    </div>
  );
}

export default function BoxesView({
  imageUrl,
  size,
  detections,
}: {
  imageUrl: string | null;
  size: { width: number; height: number };
  detections: readonly DetectionLike[];
}): ReactNode {
  return (
    <figure className={styles.figure}>
      <Stage imageUrl={imageUrl} alt="Input image with detections" size={size}>
        <BoxLayer detections={detections} size={size} />
      </Stage>
      <figcaption className={styles.muted}>
        {detections.length === 0
          ? 'No detections above the confidence threshold.'
          : `${detections.length} detection${detections.length === 1 ? '' : 's'}.`}
      </figcaption>
    </figure>
  );
}
