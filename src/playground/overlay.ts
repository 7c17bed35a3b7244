/**
 * Detections to drawable boxes: coordinates as shares of the image (so the
 * overlay scales with the displayed image), a colour per label, and a label
 * chip placed inside the image: below the top edge when the box touches it,
 * lined up with the box side that has more room before the image's side edge,
 * and never wider than that room (longer text ends in an ellipsis).
 */
import { segmentColor, type Rgb } from './colors';

export interface DetectionLike {
  label: string;
  score?: number;
  box: { x_min: number; y_min: number; x_max: number; y_max: number };
}

export interface OverlayBox {
  label: string;
  score: number | null;
  /** "person 0.91": the box's accessible name and its chip text. */
  text: string;
  /** Left, top, width, height as percentages of the image. */
  left: number;
  top: number;
  width: number;
  height: number;
  color: Rgb;
  /** Put the chip below the top edge when the box touches the top of the image. */
  chipInside: boolean;
  /** The box side the chip lines up with: the one farther from the image's opposite edge. */
  chipAlign: 'left' | 'right';
  /**
   * The room from that side of the box to the image's opposite edge, in box widths: the chip's
   * maximum width, so it never sticks out past the image's left or right edge.
   */
  chipRoom: number;
  /** The room between the box's top and the image's top, in box heights (0 for a flat box). */
  chipRoomAbove: number;
}

export const formatScore = (score: number): string => score.toFixed(2);

/** A stable colour per distinct label, in order of first appearance. */
export function labelColors(labels: readonly string[]): Map<string, Rgb> {
  const colors = new Map<string, Rgb>();
  for (const label of labels) if (!colors.has(label)) colors.set(label, segmentColor(colors.size));
  return colors;
}

/** Box widths: the chip's room for a degenerate (zero-width) box. */
const MAX_CHIP_ROOM = 1000;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** `width` × `height`: the image the boxes refer to (the image as sent). */
export function boxesToOverlay(
  detections: readonly DetectionLike[],
  width: number,
  height: number,
): OverlayBox[] {
  const colors = labelColors(detections.map((d) => d.label));
  return detections.map((d) => {
    const x0 = clamp(Math.min(d.box.x_min, d.box.x_max), 0, width);
    const x1 = clamp(Math.max(d.box.x_min, d.box.x_max), 0, width);
    const y0 = clamp(Math.min(d.box.y_min, d.box.y_max), 0, height);
    const y1 = clamp(Math.max(d.box.y_min, d.box.y_max), 0, height);
    const score = typeof d.score === 'number' ? d.score : null;
    const top = (100 * y0) / height;
    const left = (100 * x0) / width;
    const boxWidth = (100 * (x1 - x0)) / width;
    // Room (in % of the image) for a chip starting at the box's left side, or ending at its right.
    const roomRight = 100 - left;
    const roomLeft = left + boxWidth;
    const chipAlign = roomRight >= roomLeft ? 'left' : 'right';
    const room = Math.max(roomRight, roomLeft);
    const boxHeight = (100 * (y1 - y0)) / height;
    return {
      label: d.label,
      score,
      text: score === null ? d.label : `${d.label} ${formatScore(score)}`,
      left,
      top,
      width: boxWidth,
      height: boxHeight,
      color: colors.get(d.label)!,
      chipInside: top < 6,
      chipAlign,
      // A box of zero width: any chip narrower than the image fits.
      chipRoom: boxWidth > 0 ? room / boxWidth : MAX_CHIP_ROOM,
      chipRoomAbove: boxHeight > 0 ? top / boxHeight : 0,
    };
  });
}
