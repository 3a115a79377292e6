// The block map's wear mode, as a distribution: how many blocks sit at each erase (P/E) count,
// the mean and the most-worn block marked, and the spread (max − min) said in words, the number
// static wear levelling bounds. Bars take the map's colours for their counts, so a bar and the
// cells it counts look alike.
import { interpolateViridis, scaleLinear } from 'd3';
import { useMemo } from 'react';
import type { Wear } from '../engine/generated/Wear';
import { useI18n } from '../i18n';
import { AXIS, GRID, TEXT } from './chartStyle';
import { eraseHistogram, histogramDomain, type EraseBin, type EraseHistogram as Histogram } from './eraseHistogram';
import { formatTick } from './scales';
import { UNMEASURED, useElementWidth } from './useElementWidth';

const H = 190;
const M = { top: 34, right: 14, bottom: 42, left: 60 };
const MEAN = '#D55E00';
const MAX = '#1b2233';

interface Props {
  eraseCounts: Uint32Array;
  /** The run's wear-levelling settings, to say what bounds the spread (null: not a NAND drive's). */
  wear: Wear | null;
}

export function EraseHistogram({ eraseCounts, wear }: Props) {
  const { t, locale } = useI18n();
  const { ref, width, measured } = useElementWidth<HTMLDivElement>();
  const h = useMemo(() => eraseHistogram(eraseCounts), [eraseCounts]);
  const num = (v: number) => v.toLocaleString(locale, { maximumFractionDigits: 1 });
  const summary = t('blocks.pe.summary', { blocks: num(h.blocks), min: num(h.min), mean: num(h.mean), max: num(h.max), spread: num(h.spread) });
  return (
    <figure className="pe-histogram" data-testid="pe-histogram" data-blocks={h.blocks} data-spread={h.spread}>
      <h3 className="pe-title">{t('blocks.pe.title')}</h3>
      <div ref={ref} style={measured ? undefined : UNMEASURED}>
        <svg width={width} height={H} role="img" aria-label={`${t('blocks.pe.title')}. ${summary}`}>
          <PeBars h={h} width={width} />
        </svg>
      </div>
      <figcaption>
        <p className="pe-summary" data-testid="pe-summary">
          {summary}
        </p>
        {wear && <p className="pe-note muted">{wear.static_spread > 0 ? t('blocks.pe.staticOn', { limit: num(wear.static_spread), every: num(wear.static_every) }) : t('blocks.pe.staticOff')}</p>}
      </figcaption>
    </figure>
  );
}

/** Bars, axes and the mean and max marks, in a plot `width` wide. */
function PeBars({ h, width }: { h: Histogram; width: number }) {
  const { t, locale } = useI18n();
  const [lo, hi] = histogramDomain(h);
  const x = scaleLinear().domain([lo, hi]).range([M.left, Math.max(M.left + 60, width - M.right)]);
  const y = scaleLinear()
    .domain([0, Math.max(1, ...h.bins.map((b) => b.blocks))])
    .nice(4)
    .range([H - M.bottom, M.top]);
  // An integer count c fills [c, c + 1) on the axis, so a mark at a count sits mid-slot.
  const at = (v: number) => x(v + 0.5);
  const colour = (b: EraseBin) => interpolateViridis(h.max > h.min ? Math.min(1, Math.max(0, ((b.from + b.to) / 2 - h.min) / (h.max - h.min))) : 0);
  const gap = Math.min(2, (x(h.width) - x(0)) * 0.15);
  const num = (v: number) => v.toLocaleString(locale, { maximumFractionDigits: 1 });
  return (
    <>
      {y.ticks(4).map((v) => (
        <g key={v}>
          <line x1={M.left} x2={x(hi)} y1={y(v)} y2={y(v)} stroke={GRID} />
          <text x={M.left - 8} y={y(v)} dy="0.32em" textAnchor="end" fontSize={11} fill={TEXT}>
            {formatTick(v)}
          </text>
        </g>
      ))}
      {h.bins.map((b) => (
        <rect key={b.from} data-testid="pe-bin" data-from={b.from} data-to={b.to} data-blocks={b.blocks} x={x(b.from) + gap / 2} y={y(b.blocks)} width={Math.max(1, x(b.to + 1) - x(b.from) - gap)} height={y(0) - y(b.blocks)} fill={colour(b)} stroke={TEXT} strokeWidth={b.blocks > 0 ? 0.5 : 0}>
          <title>{b.from === b.to ? t('blocks.pe.bin', { n: num(b.blocks), from: num(b.from) }) : t('blocks.pe.binRange', { n: num(b.blocks), from: num(b.from), to: num(b.to) })}</title>
        </rect>
      ))}
      <XTicks h={h} x={x} lo={lo} hi={hi} />
      <text x={14} y={(M.top + H - M.bottom) / 2} transform={`rotate(-90 14 ${(M.top + H - M.bottom) / 2})`} textAnchor="middle" fontSize={12} fontWeight={600} fill={TEXT}>
        {t('blocks.pe.y')}
      </text>
      {/* The mean runs to the axis; the max points down at its bar, which it would hide. Labels
          sit apart: the max's to the right of its line while it fits, the mean's to the left. */}
      <Mark x={at(h.mean)} row={1} colour={MEAN} dash="4 2" label={t('blocks.pe.mean', { v: num(h.mean) })} labelLeft={at(h.mean) - M.left > 90} bottom={y(0)} testId="pe-mean" />
      <Mark x={at(h.max)} row={0} colour={MAX} label={t('blocks.pe.max', { v: num(h.max) })} labelLeft={x.range()[1] - at(h.max) < 90} bottom={y(h.bins[h.bins.length - 1]?.blocks ?? 0) - 3} testId="pe-max" />
    </>
  );
}

/** The x axis: a tick mid-slot per count when bins are single counts, else at bin edges; its title. */
function XTicks({ h, x, lo, hi }: { h: Histogram; x: ReturnType<typeof scaleLinear<number, number>>; lo: number; hi: number }) {
  const { t } = useI18n();
  const [left, right] = x.range();
  const count = Math.max(2, Math.floor((right - left) / 56));
  const ticks = h.width === 1 ? x.copy().domain([lo, hi - 1]).ticks(count).filter(Number.isInteger) : x.ticks(count).filter((v) => v % h.width === 0);
  const place = (v: number) => (h.width === 1 ? x(v + 0.5) : x(v));
  const base = H - M.bottom;
  return (
    <g fontSize={11} fill={TEXT}>
      <line x1={left} x2={right} y1={base} y2={base} stroke={AXIS} />
      {ticks.map((v) => (
        <g key={v} transform={`translate(${place(v)},${base})`}>
          <line y2={5} stroke={AXIS} />
          <text y={17} textAnchor="middle">
            {formatTick(v)}
          </text>
        </g>
      ))}
      <text x={(left + right) / 2} y={H - 6} textAnchor="middle" fontSize={12} fontWeight={600}>
        {t('blocks.pe.x')}
      </text>
    </g>
  );
}

/** A marked count: a line from the labels' row down to `bottom`, its label on one side. */
function Mark({ x, row, colour, dash, label, labelLeft, bottom, testId }: { x: number; row: number; colour: string; dash?: string; label: string; labelLeft: boolean; bottom: number; testId: string }) {
  const top = 10 + row * 13;
  return (
    <g data-testid={testId}>
      <line x1={x} x2={x} y1={top - 4} y2={Math.max(top + 4, bottom)} stroke={colour} strokeWidth={2} strokeDasharray={dash} />
      <text x={labelLeft ? x - 5 : x + 5} y={top} dy="0.32em" fontSize={11} fontWeight={600} fill={colour} textAnchor={labelLeft ? 'end' : 'start'}>
        {label}
      </text>
    </g>
  );
}
