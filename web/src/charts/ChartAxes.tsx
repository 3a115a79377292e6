// The chart's grid and its two axes: tick labels and titles with units in the reader's language.
import type { Lang } from '../i18n';
import { unitText } from '../i18n/units';
import type { AxisSpec } from './chartTypes';
import { AXIS, GRID, MARGINS, TEXT } from './chartStyle';
import type { PlotFrame } from './plotFrame';
import { axisTitle, formatTick } from './scales';

export function GridLines({ frame }: { frame: PlotFrame }) {
  return (
    <g className="grid">
      {frame.yTicks.map((t) => (
        <line key={t} x1={0} x2={frame.innerWidth} y1={frame.y(t)} y2={frame.y(t)} stroke={GRID} />
      ))}
    </g>
  );
}

export function YAxis({ frame, axis, lang }: { frame: PlotFrame; axis: AxisSpec; lang: Lang }) {
  return (
    <g className="axis axis-y" fontSize={11.5} fill={TEXT}>
      {frame.yTicks.map((t) => (
        <text key={t} x={-10} y={frame.y(t)} dy="0.32em" textAnchor="end">
          {formatTick(t)}
        </text>
      ))}
      <text className="axis-title" fontSize={12} fontWeight={600} transform={`translate(${-MARGINS.left + 16},${frame.innerHeight / 2}) rotate(-90)`} textAnchor="middle">
        {axisTitle(axis.name, unitText(lang, axis.unit))}
      </text>
    </g>
  );
}

interface XAxisProps {
  frame: PlotFrame;
  axis: AxisSpec;
  lang: Lang;
  ticks: readonly number[];
  categories: readonly string[];
}

export function XAxis({ frame, axis, lang, ticks, categories }: XAxisProps) {
  return (
    <g className="axis axis-x" transform={`translate(0,${frame.innerHeight})`} fontSize={11.5} fill={TEXT}>
      <line x1={0} x2={frame.innerWidth} stroke={AXIS} />
      {ticks.map((t) => (
        <g key={t} transform={`translate(${frame.x(t)},0)`}>
          <line y2={6} stroke={AXIS} />
          <text y={20} textAnchor="middle">
            {categories[t] ?? formatTick(t)}
          </text>
        </g>
      ))}
      <text className="axis-title" fontSize={12} fontWeight={600} x={frame.innerWidth / 2} y={43} textAnchor="middle">
        {axisTitle(axis.name, unitText(lang, axis.unit))}
      </text>
    </g>
  );
}

/** Keeps tick labels at least `gap` px apart (log axes bunch up at the top end). */
export function spreadTicks(ticks: number[], at: (v: number) => number, gap: number): number[] {
  const out: number[] = [];
  for (const t of ticks) {
    if (out.length && Math.abs(at(t) - at(out[out.length - 1])) < gap) continue;
    out.push(t);
  }
  return out;
}
