// The block map: one row per plane, one cell per erase block (or per few blocks when a plane
// has more blocks than pixels), coloured by valid data, erase count or state. Drawn on a canvas,
// labels included, so the PNG export is the canvas itself.
import { interpolateViridis } from 'd3';
import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MutableRefObject, type PointerEvent } from 'react';
import type { BlockMap } from '../engine/types';
import { useI18n } from '../i18n';
import { blockMapCsv, blocksPerCell, cellAt, eraseRange, STATE_COLORS, STATE_KEYS, type BlockMode, type Cell } from './blockMapModel';
import { FONT } from './Chart';
import { csvRows, escapeXml, type ChartExporter } from './exportChart';
import { UNMEASURED, useElementWidth } from './useElementWidth';
import { canvasPng, composeBlockMap, rampTicks, type BlockMapPicture } from './blockMapExport';

/** Room for the plane labels at least; longer ones ("プレーン 15") widen it. */
const LEFT = 64;
const TOP = 8;
const BOTTOM = 40;
const RIGHT = 12;

interface Props {
  map: BlockMap;
  mode: BlockMode;
  exporter: MutableRefObject<ChartExporter | null>;
  title: string;
  /** Which run the map shows (preset title, seed), written on the exported picture. */
  scenario: string;
}

export function BlockMapChart({ map, mode, exporter, title, scenario }: Props) {
  const { t, locale } = useI18n();
  const { ref, width, measured } = useElementWidth<HTMLDivElement>();
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const [hover, setHover] = useState<{ cell: Cell; x: number; y: number } | null>(null);

  // The widest plane label sets the left margin, so none is clipped in any language.
  const left = useMemo(() => labelMargin(t('blocks.plane', { n: Math.max(0, map.planes - 1) })), [map.planes, t]);
  const innerWidth = Math.max(40, width - left - RIGHT);
  const perCell = blocksPerCell(map.blocksPerPlane, innerWidth);
  const columns = Math.ceil(map.blocksPerPlane / perCell);
  const cellW = innerWidth / columns;
  const rowH = Math.max(6, Math.min(22, Math.floor(280 / Math.max(1, map.planes))));
  const innerHeight = rowH * map.planes;
  const height = TOP + innerHeight + BOTTOM;
  const erase = useMemo(() => eraseRange(map), [map]);

  const color = (c: Cell): string => {
    if (mode === 'state') return STATE_COLORS[c.state] ?? '#999';
    if (mode === 'erase') return interpolateViridis(erase.max > erase.min ? (c.erase - erase.min) / (erase.max - erase.min) : 0);
    return interpolateViridis(c.valid);
  };

  useLayoutEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const dpr = window.devicePixelRatio || 1;
    el.width = Math.round(width * dpr);
    el.height = Math.round(height * dpr);
    const ctx = el.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    for (let p = 0; p < map.planes; p++) {
      for (let c = 0; c < columns; c++) {
        const cell = cellAt(map, p, c, perCell);
        if (!cell) continue;
        ctx.fillStyle = color(cell);
        // Overlap by a hair so binned columns leave no seams.
        ctx.fillRect(left + c * cellW, TOP + p * rowH, Math.max(1, cellW + 0.5), rowH - (rowH > 8 ? 1 : 0));
      }
    }
    ctx.fillStyle = '#55627a';
    ctx.font = `11px ${FONT}`;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    const every = Math.ceil(12 / rowH);
    for (let p = 0; p < map.planes; p += every) ctx.fillText(t('blocks.plane', { n: p }), left - 8, TOP + p * rowH + rowH / 2);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    for (const b of [0, Math.floor(map.blocksPerPlane / 2), map.blocksPerPlane - 1]) {
      ctx.fillText(String(b), left + (b / perCell + 0.5) * cellW, TOP + innerHeight + 6);
    }
    ctx.font = `600 12px ${FONT}`;
    ctx.fillText(t('blocks.axis', { n: map.blocksPerPlane }), left + innerWidth / 2, TOP + innerHeight + 22);
    // `color` depends on mode and erase range, both listed.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [map, mode, width, height, columns, perCell, cellW, rowH, innerHeight, innerWidth, left, erase, t]);

  const picture = (): BlockMapPicture => ({
    title,
    scenario,
    mode,
    legendTitle: t(mode === 'valid' ? 'blocks.valid' : mode === 'erase' ? 'blocks.erase' : 'blocks.state'),
    legendLabels:
      mode === 'state'
        ? STATE_KEYS.map((k) => t(`blocks.state.${k}`))
        : mode === 'valid'
          ? rampTicks(0, 100, (v) => `${v.toLocaleString(locale)} %`)
          : rampTicks(erase.min, erase.max, (v) => v.toLocaleString(locale)),
  });

  // The card's export menu reads the latest drawing through this ref, only when clicked.
  // eslint-disable-next-line react-hooks/immutability -- an imperative handle, written during render on purpose
  exporter.current = {
    csv: () => csvRows(blockMapCsv(map)),
    // The exported picture carries its title, scenario and colour scale (blockMapExport.ts).
    png: () => {
      const el = canvas.current;
      return el ? canvasPng(composeBlockMap(el, width, height, picture(), el.width / Math.max(1, width))) : Promise.reject(new Error('the block map is not drawn'));
    },
    svg: () => {
      const el = canvas.current;
      if (!el) return '';
      const framed = composeBlockMap(el, width, height, picture(), el.width / Math.max(1, width));
      const w = framed.width / (el.width / Math.max(1, width));
      const h = framed.height / (el.width / Math.max(1, width));
      return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" font-family="${escapeXml(FONT)}"><title>${escapeXml(title)}</title><image x="0" y="0" width="${w}" height="${h}" href="${framed.toDataURL('image/png')}"/></svg>`;
    },
    data: () => [
      { key: 'valid', label: 'valid', points: Array.from(map.valid, (v, i) => [i, v] as [number, number]) },
      { key: 'erase', label: 'erase', points: Array.from(map.eraseCounts, (v, i) => [i, v] as [number, number]) },
    ],
  };

  // Arrow keys walk the cells (Shift: ten at a time), so the map reads without a mouse too.
  const onKey = (e: KeyboardEvent<HTMLCanvasElement>) => {
    const now = hover?.cell ?? null;
    let plane = now?.plane ?? 0;
    let column = now ? Math.floor(now.from / perCell) : 0;
    const step = e.shiftKey ? 10 : 1;
    if (e.key === 'ArrowRight') column = Math.min(columns - 1, column + (now ? step : 0));
    else if (e.key === 'ArrowLeft') column = Math.max(0, column - step);
    else if (e.key === 'ArrowDown') plane = Math.min(map.planes - 1, plane + (now ? 1 : 0));
    else if (e.key === 'ArrowUp') plane = Math.max(0, plane - 1);
    else if (e.key === 'Escape') {
      setHover(null);
      return;
    } else return;
    e.preventDefault();
    const cell = cellAt(map, plane, column, perCell);
    if (cell) setHover({ cell, x: left + (column + 0.5) * cellW, y: TOP + (plane + 0.5) * rowH });
  };

  const onPointer = (e: PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const x = e.clientX - rect.left;
    const y = e.clientY - rect.top;
    const cell = cellAt(map, Math.floor((y - TOP) / rowH), Math.floor((x - left) / cellW), perCell);
    setHover(cell ? { cell, x, y } : null);
  };

  const blockText = (c: Cell) => (c.from === c.to ? t('blocks.block', { n: c.from }) : t('blocks.blockRange', { from: c.from, to: c.to }));

  return (
    <div className="plot block-map" ref={ref} style={measured ? undefined : UNMEASURED}>
      <canvas
        ref={canvas}
        style={{ width, height }}
        role="img"
        aria-label={`${title}: ${t('blocks.summary', { planes: map.planes, blocks: map.blocksPerPlane })}`}
        onPointerMove={onPointer}
        onPointerDown={onPointer}
        onPointerLeave={(e) => e.pointerType === 'mouse' && setHover(null)}
        onKeyDown={onKey}
        onBlur={() => setHover(null)}
        tabIndex={0}
        data-testid="block-map-canvas"
      />
      {hover && (
        <div className="chart-tooltip" role="status" style={{ left: Math.min(hover.x + 14, width - 220), top: Math.max(0, hover.y - 10) }}>
          <div className="tip-x">
            <strong>
              {t('blocks.plane', { n: hover.cell.plane })} · {blockText(hover.cell)}
            </strong>
          </div>
          <div className="tip-row">
            <span className="tip-label">{t('blocks.valid')}</span>
            <span className="tip-value">{(hover.cell.valid * 100).toLocaleString(locale, { maximumFractionDigits: 1 })} %</span>
          </div>
          <div className="tip-row">
            <span className="tip-label">{t('blocks.erase')}</span>
            <span className="tip-value">{hover.cell.erase.toLocaleString(locale)}</span>
          </div>
          <div className="tip-row">
            <span className="tip-label">{t('blocks.state')}</span>
            <span className="tip-value">{t(`blocks.state.${STATE_KEYS[hover.cell.state] ?? 'free'}`)}</span>
          </div>
        </div>
      )}
      <BlockLegend mode={mode} erase={erase} />
    </div>
  );
}

function BlockLegend({ mode, erase }: { mode: BlockMode; erase: { min: number; max: number } }) {
  const { t } = useI18n();
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

/** The left margin that fits a plane label drawn in the map's font, 8 px from the cells. */
function labelMargin(label: string): number {
  const ctx = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!ctx) return LEFT;
  ctx.font = `11px ${FONT}`;
  return Math.max(LEFT, Math.ceil(ctx.measureText(label).width) + 14);
}
