// The look every chart shares: the font stack (Japanese included), the plot margins that leave
// room for the axis titles, and the muted greys of text, grid and axis lines.
import type { Margins } from './scales';

export const FONT = "Inter, 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, 'Hiragino Sans', 'Noto Sans JP', sans-serif";
export const MARGINS: Margins = { top: 14, right: 24, bottom: 50, left: 70 };
export const TEXT = '#55627a';
export const GRID = '#edf0f5';
export const AXIS = '#c9d1de';
