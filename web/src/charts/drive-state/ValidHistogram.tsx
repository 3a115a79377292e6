// Closed blocks by how much of them is still valid (ten bins), with the GC victims' mean valid
// share marked: greedy GC picks from the left of this picture, and more OP moves the pile left.
import { scaleLinear } from 'd3';
import type { DriveSnapshot } from '../../engine/types';
import { useI18n } from '../../i18n';
import { UNMEASURED, useElementWidth } from '../useElementWidth';
import { MAP_COLOURS } from './mapColours';
import { percentText } from './caption';

const H = 110;
const M = { top: 16, right: 8, bottom: 30, left: 8 };

export function ValidHistogram({ snapshot }: { snapshot: DriveSnapshot }) {
  const { t, locale } = useI18n();
  const { ref, width, measured } = useElementWidth<HTMLDivElement>(280);
  const bins = snapshot.closed_valid;
  const total = bins.reduce((s, n) => s + n, 0);
  const mean = snapshot.gc.victim_valid_percent;
  const x = scaleLinear().domain([0, 100]).range([M.left, Math.max(M.left + 50, width - M.right)]);
  const y = scaleLinear().domain([0, Math.max(1, ...bins)]).range([H - M.bottom, M.top]);
  const binW = (x(10) - x(0)) * 0.86;
  return (
    <div className="drive-histogram">
      <h3 className="drive-part-title">
        {t('drive.histogram')} {total > 0 && <span className="muted">{t('drive.closedCount', { n: total.toLocaleString(locale) })}</span>}
      </h3>
      {total === 0 ? (
        <p className="muted small">{t('drive.noClosed')}</p>
      ) : (
        <div ref={ref} style={measured ? undefined : UNMEASURED}>
          <svg width={width} height={H} role="img" aria-label={t('drive.histogram')} data-testid="drive-histogram" data-bins={bins.join(',')}>
            {bins.map((n, i) => (
              <rect key={i} x={x(i * 10) + (x(10) - x(0) - binW) / 2} y={y(n)} width={binW} height={y(0) - y(n)} fill={MAP_COLOURS.valid} stroke={MAP_COLOURS.staleLine} strokeWidth={0.5}>
                <title>{t('drive.histogramBin', { from: i * 10, to: (i + 1) * 10, n: n.toLocaleString(locale) })}</title>
              </rect>
            ))}
            <line x1={x(0)} x2={x(100)} y1={y(0)} y2={y(0)} stroke="#7a869c" />
            {[0, 50, 100].map((v) => (
              <text key={v} x={x(v)} y={y(0) + 12} fontSize={10} fill="#55627a" textAnchor={v === 0 ? 'start' : v === 100 ? 'end' : 'middle'}>
                {`${v} %`}
              </text>
            ))}
            <text x={x(50)} y={H - 4} fontSize={10} fill="#55627a" textAnchor="middle">
              {t('drive.histogramAxis')}
            </text>
            {mean !== null && <VictimMark x={x(Math.max(0, Math.min(100, mean)))} top={M.top - 10} bottom={y(0)} label={t('drive.victimMean', { p: percentText(mean / 100, locale) })} right={x(mean) > width / 2} />}
          </svg>
        </div>
      )}
    </div>
  );
}

function VictimMark({ x, top, bottom, label, right }: { x: number; top: number; bottom: number; label: string; right: boolean }) {
  return (
    <g data-testid="drive-victim-mean">
      <line x1={x} x2={x} y1={top + 4} y2={bottom} stroke={MAP_COLOURS.victim} strokeWidth={2} strokeDasharray="4 2" />
      <text x={right ? x - 4 : x + 4} y={top + 6} fontSize={10} fontWeight={600} fill={MAP_COLOURS.victim} textAnchor={right ? 'end' : 'start'}>
        {label}
      </text>
    </g>
  );
}
