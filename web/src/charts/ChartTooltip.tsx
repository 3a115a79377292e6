// The tooltip beside the cursor: the x value, then each series' exact value with its unit.
import type { Lang } from '../i18n';
import { withUnit } from '../i18n/units';
import type { AxisSpec } from './chartTypes';
import { MARGINS } from './chartStyle';
import { formatValue } from '../run/format';
import type { PlotFrame } from './plotFrame';
import { axisTitle } from './scales';
import type { Hover, Readout } from './useChartHover';

interface Props {
  hover: Hover;
  readouts: readonly Readout[];
  x: AxisSpec;
  y: AxisSpec;
  categories: readonly string[];
  frame: PlotFrame;
  format: ChartFormat;
}

/** How numbers and units are written: the reader's locale and language. */
export interface ChartFormat {
  locale: string;
  lang: Lang;
}

export function ChartTooltip({ hover, readouts, x, y, categories, frame, format: { locale, lang } }: Props) {
  // Kept inside the plot: left of the cursor near the right edge, above it near the bottom.
  const tipLeft = Math.min(hover.px + 16, Math.max(0, frame.innerWidth - 230));
  const top = MARGINS.top + Math.max(0, Math.min(hover.py - 10, frame.innerHeight - 90));
  return (
    <div className="chart-tooltip" role="status" style={{ left: MARGINS.left + tipLeft, top }}>
      <div className="tip-x">
        {axisTitle(x.name, '')}: <strong>{categories.length ? categories[Math.round(hover.x)] : withUnit(lang, formatValue(readouts[0].vx, locale), x.unit)}</strong>
      </div>
      {readouts.map((r) => (
        <div className="tip-row" key={r.s.key}>
          <span className="swatch" style={{ background: r.s.color }} />
          <span className="tip-label">{r.s.label}</span>
          <span className="tip-value">
            {withUnit(lang, formatValue(r.vy, locale), y.unit)}
            {!categories.length && readouts.length > 1 && r.vx !== readouts[0].vx ? <span className="muted"> @ {formatValue(r.vx, locale)}</span> : null}
          </span>
        </div>
      ))}
    </div>
  );
}
