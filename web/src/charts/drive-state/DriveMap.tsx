// The snapshot's block map on a canvas, with the NAND lab's legend swatches (lab.css classes),
// so a reader who met one block in the lab recognises the whole drive.
import { useEffect, useMemo, useRef } from 'react';
import { useI18n } from '../../i18n';
import { UNMEASURED, useElementWidth } from '../useElementWidth';
import { HANDLE_COLORS, NO_HANDLE, ZONE_STATE_COLORS, ZONE_STATE_KEYS } from '../blockMapModel';
import { cellCounts } from './cells';
import { drawDriveMap, driveMapLayout } from './drawDriveMap';
import '../../ui/blockLegend.css';

interface Props {
  cells: Uint8Array;
  blocks: number;
  cellBlocks: number;
  /** With NVMe FDP on: each cell's reclaim unit handle (255: none), colouring its valid data. */
  handles?: Uint8Array | null;
  /** On a zoned drive: each cell's zone state (255: no zone), colouring its written share. */
  zones?: Uint8Array | null;
}

export function DriveMap({ cells, blocks, cellBlocks, handles = null, zones = null }: Props) {
  const { t, locale } = useI18n();
  const { ref, width, measured } = useElementWidth<HTMLDivElement>(320);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const layout = useMemo(() => driveMapLayout(cells.length, width), [cells.length, width]);
  const counts = useMemo(() => cellCounts(cells), [cells]);
  // After the frame is painted, not before it (a layout effect): the chart beside the map is
  // what a story step opened cold shows first, and a canvas's first drawing costs tens of ms.
  useEffect(() => {
    if (canvas.current) drawDriveMap(canvas.current, cells, layout, handles, zones);
  }, [cells, layout, handles, zones]);
  const handlesShown = useMemo(() => (handles ? [...new Set(handles)].filter((h) => h !== NO_HANDLE).sort((a, b) => a - b) : []), [handles]);
  const zonesShown = useMemo(() => (zones ? [...new Set(zones)].filter((z) => z < ZONE_STATE_KEYS.length).sort((a, b) => a - b) : null), [zones]);
  const n = (v: number) => v.toLocaleString(locale);
  const label = t('drive.mapLabel', { blocks: n(blocks), per: n(cellBlocks), free: n(counts.free), open: n(counts.open), closed: n(counts.closed), victim: n(counts.victim), slc: n(counts.slc) });
  return (
    <div className="drive-map">
      <h3 className="drive-part-title">
        {t('drive.map')} <span className="muted">{t('drive.mapPer', { blocks: n(blocks), per: n(cellBlocks) })}</span>
      </h3>
      <div ref={ref} style={measured ? undefined : UNMEASURED}>
        <canvas ref={canvas} role="img" aria-label={label} data-testid="drive-map" data-zones={zonesShown ? zonesShown.join(' ') : undefined} data-free={counts.free} data-open={counts.open} data-closed={counts.closed} data-victim={counts.victim} data-slc={counts.slc} style={{ width: layout.width, height: layout.height, display: 'block' }} />
      </div>
      {zonesShown ? <ZoneLegend states={zonesShown} /> : <MapLegend slc={counts.slc > 0} handles={handlesShown} />}
    </div>
  );
}

function MapLegend({ slc, handles }: { slc: boolean; handles: readonly number[] }) {
  const { t } = useI18n();
  return (
    <ul className="lab-legend" aria-label={t('drive.map')}>
      <li>
        <span className="lab-swatch free" aria-hidden="true" />
        {t('drive.legend.free')}
      </li>
      {handles.length === 0 && (
        <li>
          <span className="lab-swatch valid" aria-hidden="true" />
          {t('drive.legend.valid')}
        </li>
      )}
      {handles.map((h) => (
        <li key={h} data-handle={h}>
          <span className="lab-swatch" style={{ background: HANDLE_COLORS[h] }} aria-hidden="true" />
          {t('drive.legend.handle', { n: h })}
        </li>
      ))}
      <li>
        <span className="lab-swatch stale" aria-hidden="true" />
        {t('drive.legend.stale')}
      </li>
      <li>
        <span className="lab-swatch outline host" aria-hidden="true" />
        {t('drive.legend.open')}
      </li>
      <li>
        <span className="lab-swatch outline victim" aria-hidden="true" />
        {t('drive.legend.victim')}
      </li>
      {slc && (
        <li>
          <span className="lab-swatch drive-slc-swatch" aria-hidden="true" />
          {t('drive.legend.slc')}
        </li>
      )}
    </ul>
  );
}

/** A zoned drive's legend: the zone states its map shows, the written share in each one's colour. */
function ZoneLegend({ states }: { states: readonly number[] }) {
  const { t } = useI18n();
  return (
    <ul className="lab-legend" aria-label={t('drive.map')}>
      <li>
        <span className="lab-swatch free" aria-hidden="true" />
        {t('drive.legend.unwritten')}
      </li>
      {states.map((s) => (
        <li key={s} data-zone-state={ZONE_STATE_KEYS[s]}>
          <span className="lab-swatch" style={{ background: ZONE_STATE_COLORS[s] }} aria-hidden="true" />
          {t('drive.legend.zone', { state: t(`blocks.zone.${ZONE_STATE_KEYS[s]}`) })}
        </li>
      ))}
      <li>
        <span className="lab-swatch outline host" aria-hidden="true" />
        {t('drive.legend.open')}
      </li>
    </ul>
  );
}
