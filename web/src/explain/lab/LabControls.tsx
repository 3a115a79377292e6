// Play / pause / step / whole command / reset, the speed and the workload the host writes.
import { useI18n } from '../../i18n';
import type { MessageKey } from '../../i18n/en';
import { Segmented } from '../../ui/Segmented';
import type { LabWorkload } from '../../engine/types';
import { LAB_WORKLOADS } from './config';
import type { LabPlayer, LabSnapshot } from './player';

/** Events per second. */
export const SPEEDS = { slow: 1, normal: 3, fast: 10 } as const;
type Speed = keyof typeof SPEEDS;

export function LabControls({ player, snap, compact }: { player: LabPlayer; snap: LabSnapshot; compact: boolean }) {
  const { t } = useI18n();
  const ready = snap.status === 'ready';
  const speed = (Object.keys(SPEEDS) as Speed[]).find((k) => SPEEDS[k] === snap.speed) ?? 'normal';
  return (
    <div className={`lab-controls${compact ? ' compact' : ''}`} role="toolbar" aria-label={t('lab.controls')}>
      <div className="lab-buttons">
        <button type="button" className="btn btn-primary btn-small" onClick={() => player.toggle()} disabled={!ready} data-testid="lab-play" aria-keyshortcuts="Space">
          {snap.playing ? t('lab.pause') : t('lab.play')}
        </button>
        <button type="button" className="btn btn-small" onClick={() => void player.stepEvent()} disabled={!ready} data-testid="lab-step" title={t('lab.stepHelp')} aria-keyshortcuts="ArrowRight">
          {t('lab.step')}
        </button>
        <button type="button" className="btn btn-small" onClick={() => void player.stepCommand()} disabled={!ready} data-testid="lab-step-command" title={t('lab.stepCommandHelp')} aria-keyshortcuts="Shift+ArrowRight">
          {t('lab.stepCommand')}
        </button>
        <button type="button" className="btn btn-ghost btn-small" onClick={() => void player.reset()} data-testid="lab-reset">
          {t('lab.reset')}
        </button>
      </div>
      <div className="lab-choices">
        <Segmented<Speed> label={t('lab.speed')} value={speed} options={(Object.keys(SPEEDS) as Speed[]).map((k) => ({ value: k, label: t(`lab.speed.${k}` as MessageKey) }))} onChange={(k) => player.setSpeed(SPEEDS[k])} testId="lab-speed" />
        <Segmented<LabWorkload> label={t('lab.workload')} value={snap.workload} options={LAB_WORKLOADS.map((w) => ({ value: w, label: t(`lab.workload.${w}` as MessageKey) }))} onChange={(w) => player.setWorkload(w)} testId="lab-workload" />
      </div>
    </div>
  );
}
