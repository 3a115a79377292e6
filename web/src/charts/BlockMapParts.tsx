// What the block map shows around its canvas: the tooltip for one cell and the colour legend.
import { interpolateViridis } from 'd3';
import { useI18n } from '../i18n';
import { HANDLE_COLORS, NO_HANDLE, NO_HANDLE_COLOR, STATE_COLORS, STATE_KEYS, ZONE_STATE_COLORS, ZONE_STATE_KEYS, type BlockMode } from './blockMapModel';
import type { CellHover } from './useBlockMapHover';

export function BlockTooltip({ hover, width, handles, zones }: { hover: CellHover; width: number; handles: boolean; zones: boolean }) {
  const { t, locale } = useI18n();
  const c = hover.cell;
  const blockText = c.from === c.to ? t('blocks.block', { n: c.from }) : t('blocks.blockRange', { from: c.from, to: c.to });
  return (
    <div className="chart-tooltip" role="status" style={{ left: Math.min(hover.x + 14, width - 220), top: Math.max(0, hover.y - 10) }}>
      <div className="tip-x">
        <strong>
          {t('blocks.plane', { n: c.plane })} · {blockText}
        </strong>
      </div>
      <div className="tip-row">
        <span className="tip-label">{t('blocks.valid')}</span>
        <span className="tip-value">{(c.valid * 100).toLocaleString(locale, { maximumFractionDigits: 1 })} %</span>
      </div>
      <div className="tip-row">
        <span className="tip-label">{t('blocks.erase')}</span>
        <span className="tip-value">{c.erase.toLocaleString(locale)}</span>
      </div>
      <div className="tip-row">
        <span className="tip-label">{t('blocks.state')}</span>
        <span className="tip-value">{t(`blocks.state.${STATE_KEYS[c.state] ?? 'free'}`)}</span>
      </div>
      {handles && (
        <div className="tip-row">
          <span className="tip-label">{t('blocks.handle')}</span>
          <span className="tip-value">{c.handle === NO_HANDLE ? t('blocks.handle.none') : t('blocks.handle.n', { n: c.handle })}</span>
        </div>
      )}
      {zones && (
        <div className="tip-row">
          <span className="tip-label">{t('blocks.zone')}</span>
          <span className="tip-value">{t(`blocks.zone.${ZONE_STATE_KEYS[c.zone] ?? 'none'}`)}</span>
        </div>
      )}
    </div>
  );
}

export function BlockLegend({ mode, erase, handles = [] }: { mode: BlockMode; erase: { min: number; max: number }; handles?: readonly number[] }) {
  const { t } = useI18n();
  if (mode === 'handle') {
    return (
      <ul className="legend block-legend">
        {handles.map((h) => (
          <li key={h} className="legend-item">
            <span className="legend-swatch" style={{ background: HANDLE_COLORS[h] ?? '#999' }} />
            <span className="legend-label">{t('blocks.handle.n', { n: h })}</span>
          </li>
        ))}
        <li className="legend-item">
          <span className="legend-swatch" style={{ background: NO_HANDLE_COLOR }} />
          <span className="legend-label">{t('blocks.handle.none')}</span>
        </li>
      </ul>
    );
  }
  if (mode === 'zone') {
    return (
      <ul className="legend block-legend">
        {ZONE_STATE_KEYS.map((k, i) => (
          <li key={k} className="legend-item">
            <span className="legend-swatch" style={{ background: ZONE_STATE_COLORS[i] }} />
            <span className="legend-label">{t(`blocks.zone.${k}`)}</span>
          </li>
        ))}
      </ul>
    );
  }
  if (mode === 'state') {
    return (
      <ul className="legend block-legend">
        {STATE_KEYS.map((k, i) => (
          <li key={k} className="legend-item">
            <span className="legend-swatch" style={{ background: STATE_COLORS[i] }} />
            <span className="legend-label">{t(`blocks.state.${k}`)}</span>
          </li>
        ))}
      </ul>
    );
  }
  const [lo, hi] = mode === 'valid' ? ['0 %', '100 %'] : [String(erase.min), String(erase.max)];
  const ramp = Array.from({ length: 11 }, (_, i) => interpolateViridis(i / 10)).join(',');
  return (
    <div className="ramp-legend">
      <span className="muted">{mode === 'valid' ? t('blocks.valid') : t('blocks.erase')}</span>
      <span>{lo}</span>
      <span className="ramp" style={{ background: `linear-gradient(90deg, ${ramp})` }} />
      <span>{hi}</span>
    </div>
  );
}
