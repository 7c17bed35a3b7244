/**
 * Coloured masks over the image: all masks are composited once into one
 * canvas; the opacity slider only changes CSS. The legend lists every
 * segment with its colour and share of the image, and toggles it.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { rgbCss, segmentColor } from '@site/src/playground/colors';
import { decodeGrayPng, paintRgba, type GrayImage } from '@site/src/playground/decode';
import { binarize, compositeMasks, maskCoverage } from '@site/src/playground/masks';
import { formatScore, type DetectionLike } from '@site/src/playground/overlay';
import { BoxLayer } from './BoxesView';
import Stage from './Stage';
import styles from '../styles.module.css';

interface Segment {
  id: number;
  label: string;
  score?: number;
  is_thing?: boolean;
  box?: DetectionLike['box'];
  mask_png_base64: string;
}

export default function MasksView({
  imageUrl,
  size,
  segments,
  showBoxes,
}: {
  imageUrl: string | null;
  size: { width: number; height: number };
  segments: readonly Segment[];
  showBoxes: boolean;
}): ReactNode {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [masks, setMasks] = useState<GrayImage[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [opacity, setOpacity] = useState(0.6);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const colors = useMemo(() => segments.map((_, i) => segmentColor(i)), [segments]);

  useEffect(() => {
    let live = true;
    Promise.all(segments.map((s) => decodeGrayPng(s.mask_png_base64))).then(
      (decoded) => {
        decoded.forEach((m) => binarize(m.data));
        if (live) setMasks(decoded);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [segments]);

  useEffect(() => {
    if (!masks || masks.length === 0 || !canvas.current) return;
    const { width, height } = masks[0]!;
    const rgba = compositeMasks(
      masks.map((m, i) => ({ mask: m.data, color: colors[i]!, visible: !hidden.has(i) })),
      width,
      height,
    );
    paintRgba(canvas.current, rgba, width, height);
  }, [masks, colors, hidden]);

  const coverage = useMemo(() => masks?.map((m) => maskCoverage(m.data)) ?? null, [masks]);
  const boxes = showBoxes
    ? segments.filter((s): s is Segment & { box: DetectionLike['box'] } => Boolean(s.box))
    : [];

  return (
    <div>
      <figure className={styles.figure}>
        <Stage imageUrl={imageUrl} alt="Input image with segment masks" size={size}>
          <canvas
            ref={canvas}
            className={styles.maskCanvas}
            style={{ opacity }}
            role="img"
            aria-label="Segment masks"
            data-mask-layers={masks ? segments.length - hidden.size : 0}
            data-state={failed ? 'failed' : masks ? 'ready' : 'decoding'}
          />
          {boxes.length ? <BoxLayer detections={boxes} size={size} /> : null}
        </Stage>
      </figure>
      <label className={styles.opacity}>
        Mask opacity
        <input
          type="range"
          min={0}
          max={1}
          step={0.05}
          value={opacity}
          onChange={(e) => setOpacity(Number(e.target.value))}
        />
        <span>{Math.round(opacity * 100)}%</span>
      </label>
      {failed ? <p className={styles.error}>The masks could not be decoded.</p> : null}
      <ul className={styles.legend} aria-label="Segments" data-count={segments.length}>
        {segments.map((s, i) => {
          const name = s.score !== undefined ? `${s.label} ${formatScore(s.score)}` : s.label;
          return (
            <li key={s.id} aria-label={name} data-segment-id={s.id}>
              <label>
                <input
                  type="checkbox"
                  checked={!hidden.has(i)}
                  onChange={() =>
                    setHidden((prev) => {
                      const next = new Set(prev);
                      if (next.has(i)) next.delete(i);
                      else next.add(i);
                      return next;
                    })
                  }
                />
                <span
                  className={styles.swatch}
                  style={{ background: rgbCss(colors[i]!) }}
                  aria-hidden="true"
                />
                <span>{s.label}</span>
                {s.score !== undefined ? (
                  <span className={styles.muted}> {formatScore(s.score)}</span>
                ) : null}
                {s.is_thing !== undefined ? (
                  <span className={styles.muted}> · {s.is_thing ? 'object' : 'region'}</span>
                ) : null}
                {coverage ? (
                  <span className={styles.muted}> · {(coverage[i]! * 100).toFixed(1)}%</span>
                ) : null}
              </label>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
