// The drive's state at the chart's cursor: where the cursor is (in the chart's unit), play and
// step controls, the block map, what the planes were doing, closed blocks by valid share, and
// the caches. Parts the snapshot lacks (no SLC cache, no table lookups) are left out.
import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { useI18n } from '../../i18n';
import { useReducedMotion } from '../../ui/useReducedMotion';
import { Icon } from '../../ui/Icon';
import { cursorCaption } from './caption';
import { snapshotCells, snapshotHandles, snapshotZones } from './cells';
import { DriveGauges } from './DriveGauges';
import { DriveMap } from './DriveMap';
import { PlaneBar } from './PlaneBar';
import type { DriveCursor } from './useDriveCursor';
import { useSnapshotPlayer } from './useSnapshotPlayer';
import { ValidHistogram } from './ValidHistogram';
import './drive-state.css';

interface Props {
  cursor: DriveCursor;
  /** Above the caption: which drive's state to show (a story figure's members). */
  chooser?: ReactNode;
}

export function DriveStatePanel({ cursor, chooser }: Props) {
  const { t, lang, locale } = useI18n();
  // One panel per story step: ids must differ on the page.
  const titleId = useId();
  const reduced = useReducedMotion();
  const player = useSnapshotPlayer(cursor, reduced);
  const { snapshots, index, stops, at } = cursor;
  const snapshot = snapshots.snapshots[index];
  const stop = stops[at] ?? stops[stops.length - 1];
  const caption = cursorCaption(t, lang, locale, cursor.axis, stop.x);
  // While playing, a caption read aloud every 180 ms would drown the reader: silent until paused.
  const live = player.playing ? 'off' : 'polite';
  const onKey = (e: KeyboardEvent<HTMLElement>) => {
    if (e.target instanceof HTMLInputElement) return; // the slider moves itself
    const to = e.key === 'ArrowLeft' ? at - 1 : e.key === 'ArrowRight' ? at + 1 : e.key === 'Home' ? 0 : e.key === 'End' ? stops.length - 1 : null;
    if (to === null) return;
    e.preventDefault();
    player.stop();
    cursor.goTo(to);
  };

  return (
    <section className="card drive-state" data-testid="drive-state" data-index={index} aria-labelledby={titleId} tabIndex={0} onKeyDown={onKey}>
      <header className="drive-head">
        <h2 id={titleId}>{t('drive.title')}</h2>
        {chooser}
        <p className="drive-caption" data-testid="drive-caption" aria-live={live}>
          <strong>{caption}</strong> <span className="muted">· {t('drive.of', { n: at + 1, total: stops.length })}</span>
        </p>
      </header>
      <p className="muted small drive-hint">{t('drive.hint')}</p>
      <Controls cursor={cursor} player={player} reduced={reduced} />
      <div className="drive-body">
        {/* Media written in place (3D XPoint, a disk) has no erase blocks: no map, no histogram. */}
        {snapshots.cells_per_snapshot > 0 && <DriveMap cells={snapshotCells(snapshots, index)} handles={snapshotHandles(snapshots, index)} zones={snapshotZones(snapshots, index)} blocks={snapshots.blocks} cellBlocks={snapshots.cell_blocks} />}
        <div className="drive-side">
          <PlaneBar snapshot={snapshot} />
          {snapshot.blocks > 0 && <ValidHistogram snapshot={snapshot} />}
          <DriveGauges snapshot={snapshot} />
        </div>
      </div>
    </section>
  );
}

interface ControlsProps {
  cursor: DriveCursor;
  player: ReturnType<typeof useSnapshotPlayer>;
  reduced: boolean;
}

function Controls({ cursor, player, reduced }: ControlsProps) {
  const { t } = useI18n();
  const { at, stops } = cursor;
  const step = (k: number) => {
    player.stop();
    cursor.goTo(k);
  };
  return (
    <div className="drive-controls">
      {!reduced && (
        <button type="button" className="btn btn-secondary btn-small" onClick={player.toggle} aria-pressed={player.playing} data-testid="drive-play">
          <Icon name={player.playing ? 'cancel' : 'run'} />
          {player.playing ? t('drive.pause') : t('drive.play')}
        </button>
      )}
      <button type="button" className="btn btn-ghost btn-small" onClick={() => step(at - 1)} disabled={at <= 0} aria-label={t('drive.prev')} title={t('drive.prev')} data-testid="drive-prev">
        ←
      </button>
      <input type="range" className="drive-scrub" min={0} max={stops.length - 1} step={1} value={Math.max(0, at)} onChange={(e) => step(Number(e.target.value))} aria-label={t('drive.scrub')} data-testid="drive-scrub" />
      <button type="button" className="btn btn-ghost btn-small" onClick={() => step(at + 1)} disabled={at >= stops.length - 1} aria-label={t('drive.next')} title={t('drive.next')} data-testid="drive-next">
        →
      </button>
      <span className="muted small">{reduced ? t('drive.reduced') : t('drive.keys')}</span>
    </div>
  );
}
