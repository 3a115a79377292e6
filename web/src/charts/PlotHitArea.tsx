// The transparent layer over the plot that takes the pointer and the keyboard for the tooltip:
// focusable only when there is something to read.
import type { CSSProperties } from 'react';
import type { ChartHover } from './useChartHover';

interface Props {
  style: CSSProperties;
  ariaLabel: string;
  focusable: boolean;
  hover: ChartHover;
  /** A click picks near that pixel x; Enter picks exactly the point the keys moved the crosshair to. */
  onPick?(px: number, exact: boolean): void;
}

export function PlotHitArea({ style, ariaLabel, focusable, hover: { hover, onPointer, onKey, clear }, onPick }: Props) {
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
      onKeyDown={(e) => {
        if (onPick && hover && (e.key === 'Enter' || e.key === ' ')) {
          e.preventDefault();
          onPick(hover.px, true);
        } else onKey(e);
      }}
      onClick={onPick ? (e) => onPick(e.clientX - e.currentTarget.getBoundingClientRect().left, false) : undefined}
      onBlur={clear}
    />
  );
}
