// The transparent layer over the plot that takes the pointer and the keyboard for the tooltip:
// focusable only when there is something to read.
import type { CSSProperties } from 'react';
import type { ChartHover } from './useChartHover';

interface Props {
  style: CSSProperties;
  ariaLabel: string;
  focusable: boolean;
  hover: ChartHover;
}

export function PlotHitArea({ style, ariaLabel, focusable, hover: { onPointer, onKey, clear } }: Props) {
  return (
    <div
      className="plot-hit"
      style={style}
      tabIndex={focusable ? 0 : -1}
      role="group"
      aria-label={ariaLabel}
      onPointerMove={onPointer}
      // A tap shows the tooltip where it landed; it stays until the next tap or a tap
      // elsewhere (a finger leaving the screen is not the pointer leaving the chart).
      onPointerDown={onPointer}
      onPointerLeave={(e) => e.pointerType === 'mouse' && clear()}
      onKeyDown={onKey}
      onBlur={clear}
    />
  );
}
