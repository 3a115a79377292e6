// Colour-blind-safe series colours (Okabe & Ito, 2008) in an order that keeps neighbours
// distinct, plus a marker shape and dash per slot, so lines stay apart without colour too.

export const PALETTE = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000', '#B8A000'];

export type MarkerShape = 'circle' | 'square' | 'triangle' | 'diamond' | 'cross' | 'triangle-down' | 'plus' | 'star';
export const MARKERS: MarkerShape[] = ['circle', 'square', 'triangle', 'diamond', 'triangle-down', 'cross', 'plus', 'star'];
const DASHES = [undefined, '6 3', '2 3', '8 3 2 3'];

export interface SeriesStyle {
  color: string;
  marker: MarkerShape;
  dash?: string;
}

/** Style of the i-th series; after the palette runs out, dashes tell repeats apart. */
export function seriesStyle(i: number): SeriesStyle {
  const n = PALETTE.length;
  return { color: PALETTE[i % n], marker: MARKERS[i % MARKERS.length], dash: DASHES[Math.floor(i / n) % DASHES.length] };
}

/** SVG path (centred on 0,0) of a marker of about `size` px. */
export function markerPath(shape: MarkerShape, size = 7): string {
  const r = size / 2;
  switch (shape) {
    case 'square':
      return `M${-r * 0.9},${-r * 0.9}h${1.8 * r}v${1.8 * r}h${-1.8 * r}Z`;
    case 'triangle':
      return `M0,${-r * 1.1}L${r},${r * 0.8}L${-r},${r * 0.8}Z`;
    case 'triangle-down':
      return `M0,${r * 1.1}L${r},${-r * 0.8}L${-r},${-r * 0.8}Z`;
    case 'diamond':
      return `M0,${-r * 1.2}L${r},0L0,${r * 1.2}L${-r},0Z`;
    case 'cross':
      return `M${-r},${-r}L${r},${r}M${r},${-r}L${-r},${r}`;
    case 'plus':
      return `M0,${-r * 1.1}V${r * 1.1}M${-r * 1.1},0H${r * 1.1}`;
    case 'star':
      return `M0,${-r * 1.2}L${r * 0.35},${-r * 0.35}L${r * 1.2},0L${r * 0.35},${r * 0.35}L0,${r * 1.2}L${-r * 0.35},${r * 0.35}L${-r * 1.2},0L${-r * 0.35},${-r * 0.35}Z`;
    default:
      return `M${r},0A${r},${r} 0 1,1 ${-r},0A${r},${r} 0 1,1 ${r},0Z`;
  }
}

/** Open markers (cross, plus) are drawn as strokes, the rest filled. */
export function markerIsStroke(shape: MarkerShape): boolean {
  return shape === 'cross' || shape === 'plus';
}
