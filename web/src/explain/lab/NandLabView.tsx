// The animated NAND view: a small drive run by the engine's own FTL, event by event. Blocks of
// pages, the L2P table, live counters and a one-line narration; play / pause / step, the
// reader's own writes, reads and trims. The playground shows it in a card; the NAND 101 story
// embeds it (compact) with a config and a script that prepares the state a step talks about.
import type { KeyboardEvent } from 'react';
import { UNMEASURED, useElementWidth } from '../../charts/useElementWidth';
import { useI18n } from '../../i18n';
import { BlockGrid } from './BlockGrid';
import type { LabConfig } from './config';
import { L2PTable } from './L2PTable';
import { LabControls } from './LabControls';
import { LabCounters } from './LabCounters';
import { LabLegend } from './LabLegend';
import { narrate } from './narration';
import type { LabPlayer, LabSnapshot } from './player';
import type { LabModel } from './model';
import { useReducedMotion } from '../../ui/useReducedMotion';
import { useLabPlayer } from './useLabPlayer';

export type { LabConfig } from './config';

/**
 * `gcTaught`: false on a story step before garbage collection is explained; GC's counters and
 * legend then stay out of the view until the drive itself runs GC.
 */
export function NandLabView({ config, compact = false, gcTaught = true }: { config: LabConfig; compact?: boolean; gcTaught?: boolean }) {
  const { t } = useI18n();
  const { player, snap } = useLabPlayer(config);
  const reduced = useReducedMotion();
  const { ref, width, measured } = useElementWidth<HTMLDivElement>(compact ? 360 : 640);
  const { model, now, layout } = snap;
  const say = narrate(now, model);
  const gc = showsGc(gcTaught, model);
  const e = now?.event ?? null;
  const activeUnit = e && (e.kind === 'lookup' || e.kind === 'program') && e.unit < (model?.logicalPages ?? 0) ? e.unit : null;

  const onKey = (ev: KeyboardEvent<HTMLElement>) => {
    if (!player || ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const tag = (ev.target as HTMLElement).tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
    const key = ev.key.toLowerCase();
    // Space on a focused button is that button's own click.
    if (ev.key === ' ' && tag !== 'BUTTON') player.toggle();
    else if (ev.key === 'ArrowRight') void (ev.shiftKey ? player.stepCommand() : player.stepEvent());
    else if ((key === 'w' || key === 'r' || key === 't') && !ev.shiftKey && snap.selected !== null) void player.command(key === 'w' ? 'write' : key === 'r' ? 'read' : 'trim', snap.selected);
    else return;
    ev.preventDefault();
  };

  return (
    <section
      className={`lab${compact ? ' compact' : ''}`}
      aria-label={t('lab.title')}
      aria-keyshortcuts="Space ArrowRight Shift+ArrowRight W R T"
      tabIndex={0}
      onKeyDown={onKey}
      data-testid="nand-lab"
      data-status={snap.status}
      data-playing={snap.playing}
      data-consistent={snap.consistent}
      data-reduced-motion={reduced}
    >
      {!compact && layout && <p className="lab-lead muted">{t('lab.lead', { blocks: layout.blocks, pages: layout.pages_per_block, logical: layout.logical_pages })}</p>}
      {player && <LabControls player={player} snap={snap} compact={compact} />}
      <Problems snap={snap} />
      <div className="lab-body">
        <div className="lab-stage" ref={ref} style={measured ? undefined : UNMEASURED}>
          {model ? <BlockGrid model={model} now={now} selected={snap.selected} width={width} reduced={reduced} eventMs={1000 / snap.speed} /> : snap.status === 'loading' && <p className="muted lab-loading">{t('lab.loading')}</p>}
          <p className="lab-narration" data-testid="lab-narration" data-kind={e?.kind ?? ''} data-serial={now?.serial ?? 0} aria-live={snap.playing ? 'off' : 'polite'}>
            {t(say.key, say.vars)}
            {now && now.of > 1 && <span className="muted small"> · {t('lab.eventOf', { index: now.index, of: now.of })}</span>}
          </p>
          <LabLegend gc={gc} />
        </div>
        {model && player && (
          <div className="lab-side">
            <LabCounters model={model} gc={gc} />
            <L2PTable model={model} selected={snap.selected} active={activeUnit} lookup={e?.kind === 'lookup'} onSelect={(u) => player.select(u)} />
            <PageActions player={player} snap={snap} />
          </div>
        )}
      </div>
      {!compact && <p className="lab-keys muted small">{t('lab.shortcuts')}</p>}
    </section>
  );
}

/** Whether the view shows GC's counters and outlines: once the story has taught GC, or the drive has run it. */
export function showsGc(taught: boolean, model: LabModel | null): boolean {
  return taught || (model !== null && (model.gcMoves > 0 || model.erases > 0));
}

function PageActions({ player, snap }: { player: LabPlayer; snap: LabSnapshot }) {
  const { t } = useI18n();
  const unit = snap.selected;
  if (unit === null) return <p className="muted small lab-pick">{t('lab.pickHelp')}</p>;
  return (
    <div className="lab-actions" data-testid="lab-actions">
      <span>{t('lab.chosen', { unit })}</span>
      <button type="button" className="btn btn-small" onClick={() => void player.command('write', unit)} aria-keyshortcuts="W" data-testid="lab-write">
        {t('lab.write')}
      </button>
      <button type="button" className="btn btn-small" onClick={() => void player.command('read', unit)} aria-keyshortcuts="R" data-testid="lab-read">
        {t('lab.read')}
      </button>
      <button type="button" className="btn btn-small" onClick={() => void player.command('trim', unit)} aria-keyshortcuts="T" data-testid="lab-trim">
        {t('lab.trim')}
      </button>
    </div>
  );
}

/** A refused config or command, a dead engine, a picture that drifted: said, never blank. */
function Problems({ snap }: { snap: LabSnapshot }) {
  const { t } = useI18n();
  const out: string[] = [];
  if (snap.status === 'failed' && snap.error) out.push(snap.error.field.startsWith('lab.') ? t('lab.badConfig', { field: snap.error.field, message: snap.error.message }) : t('lab.failed', { message: snap.error.message }));
  if (snap.refusal) out.push(t('lab.refused', { message: snap.refusal.message }));
  if (!snap.consistent) out.push(t('lab.drift'));
  if (out.length === 0) return null;
  return (
    <div className="field-error banner-error lab-problem" role="alert" data-testid="lab-problem" data-field={snap.error?.field ?? snap.refusal?.field ?? ''}>
      {out.map((m) => (
        <p key={m}>{m}</p>
      ))}
    </div>
  );
}
