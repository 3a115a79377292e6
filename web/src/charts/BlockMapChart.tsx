// The block map: one row per plane, one cell per erase block (or per few blocks when a plane
// has more blocks than pixels), coloured by valid data, erase count or state. Drawn on a canvas,
// labels included, so the PNG export is the canvas itself.
import { useLayoutEffect, useMemo, useRef, type MutableRefObject } from 'react';
import type { BlockMap } from '../engine/types';
import { useI18n, type I18n } from '../i18n';
import { blockMapCsv, eraseRange, handlesIn, STATE_KEYS, ZONE_STATE_KEYS, type BlockMode } from './blockMapModel';
import { blockMapLayout, labelMargin } from './blockMapLayout';
import { BlockLegend, BlockTooltip } from './BlockMapParts';
import { FONT } from './chartStyle';
import { cellColor, drawBlockMap } from './drawBlockMap';
import { csvRows, escapeXml, type ChartExporter } from './exportChart';
import { UNMEASURED, useElementWidth } from './useElementWidth';
import { canvasPng, composeBlockMap, rampTicks, type BlockMapPicture } from './blockMapExport';
import { useBlockMapHover } from './useBlockMapHover';
import { EraseHistogram } from './EraseHistogram';
import type { Wear } from '../engine/generated/Wear';

interface Props {
  map: BlockMap;
  mode: BlockMode;
  exporter: MutableRefObject<ChartExporter | null>;
  title: string;
  /** Which run the map shows (preset title, seed), written on the exported picture. */
  scenario: string;
  /** The run's wear levelling, said under the erase-count histogram (null: none to say). */
  wear?: Wear | null;
}

export function BlockMapChart({ map, mode, exporter, title, scenario, wear = null }: Props) {
  const { t, locale } = useI18n();
  const { ref, width, measured } = useElementWidth<HTMLDivElement>();
  const canvas = useRef<HTMLCanvasElement | null>(null);

  // The widest plane label sets the left margin, so none is clipped in any language.
  const left = useMemo(() => labelMargin(t('blocks.plane', { n: Math.max(0, map.planes - 1) })), [map.planes, t]);
  const layout = useMemo(() => blockMapLayout(map, width, left), [map, width, left]);
  const erase = useMemo(() => eraseRange(map), [map]);
  const handles = useMemo(() => handlesIn(map), [map]);
  const color = useMemo(() => cellColor(mode, erase), [mode, erase]);
  const { height } = layout;

  useLayoutEffect(() => {
    if (canvas.current) drawBlockMap(canvas.current, map, layout, color, t);
  }, [map, layout, color, t]);

  const picture = (): BlockMapPicture => ({ title, scenario, mode, ...legendText(mode, erase, handles, t, locale) });

  // The card's export menu reads the latest drawing through this ref, only when clicked.
  // eslint-disable-next-line react-hooks/immutability -- an imperative handle, written during render on purpose
  exporter.current = {
    ...blockMapData(map),
    // The exported picture carries its title, scenario and colour scale (blockMapExport.ts).
    png: () => (canvas.current ? canvasPng(framed(canvas.current, { width, height, title }, picture()).picture) : Promise.reject(new Error('the block map is not drawn'))),
    svg: () => (canvas.current ? framedSvg(framed(canvas.current, { width, height, title }, picture()), title) : ''),
  };

  const { hover, onKey, onPointer, clear } = useBlockMapHover(map, layout);

  return (
    <div className="plot block-map" ref={ref} style={measured ? undefined : UNMEASURED}>
      <canvas
        ref={canvas}
        style={{ width, height }}
        role="img"
        aria-label={`${title}: ${t('blocks.summary', { planes: map.planes, blocks: map.blocksPerPlane })}`}
        onPointerMove={onPointer}
        onPointerDown={onPointer}
        onPointerLeave={(e) => e.pointerType === 'mouse' && clear()}
        onKeyDown={onKey}
        onBlur={clear}
        tabIndex={0}
        data-testid="block-map-canvas"
      />
      {hover && <BlockTooltip hover={hover} width={width} handles={map.handles !== undefined} zones={map.zoneStates !== undefined} />}
      <BlockLegend mode={mode} erase={erase} handles={handles} />
      {mode === 'erase' && <EraseHistogram eraseCounts={map.eraseCounts} wear={wear} />}
    </div>
  );
}

/** The exported picture's colour scale: its title and the labels under it. */
function legendText(mode: BlockMode, erase: { min: number; max: number }, handles: readonly number[], t: I18n['t'], locale: string): Pick<BlockMapPicture, 'legendTitle' | 'legendLabels'> {
  return {
    legendTitle: t(mode === 'valid' ? 'blocks.valid' : mode === 'erase' ? 'blocks.erase' : mode === 'handle' ? 'blocks.handle' : mode === 'zone' ? 'blocks.zone' : 'blocks.state'),
    legendLabels:
      mode === 'state'
        ? STATE_KEYS.map((k) => t(`blocks.state.${k}`))
        : mode === 'zone'
          ? ZONE_STATE_KEYS.map((k) => t(`blocks.zone.${k}`))
          : mode === 'handle'
          ? [...handles.map((n) => t('blocks.handle.n', { n })), t('blocks.handle.none')]
          : mode === 'valid'
          ? rampTicks(0, 100, (v) => `${v.toLocaleString(locale)} %`)
          : rampTicks(erase.min, erase.max, (v) => v.toLocaleString(locale)),
  };
}

interface Drawn {
  width: number;
  height: number;
  title: string;
}

/** The map as data: every block's valid share and erase count (CSV and the test hook). */
function blockMapData(map: BlockMap): Pick<ChartExporter, 'csv' | 'data'> {
  return {
    csv: () => csvRows(blockMapCsv(map)),
    data: () => [
      { key: 'valid', label: 'valid', points: Array.from(map.valid, (v, i) => [i, v] as [number, number]) },
      { key: 'erase', label: 'erase', points: Array.from(map.eraseCounts, (v, i) => [i, v] as [number, number]) },
    ],
  };
}

/** The canvas framed with title, scenario and colour scale, and its scale from CSS pixels. */
function framed(el: HTMLCanvasElement, { width, height }: Drawn, picture: BlockMapPicture): { picture: HTMLCanvasElement; scale: number } {
  const scale = el.width / Math.max(1, width);
  return { picture: composeBlockMap(el, width, height, picture, scale), scale };
}

/** The framed picture as an SVG image, in CSS pixels. */
function framedSvg({ picture, scale }: { picture: HTMLCanvasElement; scale: number }, title: string): string {
  const w = picture.width / scale;
  const h = picture.height / scale;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" font-family="${escapeXml(FONT)}"><title>${escapeXml(title)}</title><image x="0" y="0" width="${w}" height="${h}" href="${picture.toDataURL('image/png')}"/></svg>`;
}
