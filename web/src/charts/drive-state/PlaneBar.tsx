// What the planes did in the interval before the snapshot, as one bar of shares: host and GC
// reads and programs, erases, table traffic, and the idle rest.
import type { DriveSnapshot } from '../../engine/types';
import { useI18n, type MessageKey } from '../../i18n';
import { percentText } from './caption';

/** The causes in bar order, with the lab's colours where the lab has the same actor (host green, GC purple, erase red). */
export const PLANE_CAUSES = [
  ['host_read', '#2b59c3'],
  ['host_program', '#1a9a63'],
  ['gc_read', '#b59ae6'],
  ['gc_program', '#7b4fc9'],
  ['erase', '#c8372d'],
  ['table', '#e08a00'],
] as const;

export type PlaneCause = (typeof PLANE_CAUSES)[number][0] | 'idle';

/** Each cause's share with idle as the rest (never below zero), in bar order. */
export function planeShares(planes: DriveSnapshot['planes']): { cause: PlaneCause; share: number; color: string }[] {
  const busy = PLANE_CAUSES.map(([cause, color]) => ({ cause, share: Math.max(0, planes[cause]), color }));
  const sum = busy.reduce((s, b) => s + b.share, 0);
  return [...busy, { cause: 'idle' as const, share: Math.max(0, 1 - sum), color: '#e2e7f0' }];
}

export function PlaneBar({ snapshot }: { snapshot: DriveSnapshot }) {
  const { t, locale } = useI18n();
  const shares = planeShares(snapshot.planes);
  const { victims } = snapshot.gc;
  // Folding is named only where there is an SLC cache to fold out of (or it happened).
  const folded = snapshot.gc.folded_percent !== null && (snapshot.gc.folded_percent > 0 || snapshot.slc) ? snapshot.gc.folded_percent : null;
  // Static wear levelling's copies, only in an interval where it moved anything.
  const wearLevel = snapshot.gc.wear_level_percent;
  // A hybrid's map and planes are its flash cache's: idle planes while the disk serves the reads
  // would otherwise read as a drive doing nothing.
  const fromDisk = snapshot.tier?.read_hit_percent != null ? 100 - snapshot.tier.read_hit_percent : null;
  return (
    <div className="drive-planes">
      <h3 className="drive-part-title">{t('drive.planes')}</h3>
      <div className="drive-stack" aria-hidden="true">
        {shares.map((s) => (s.share > 0 ? <span key={s.cause} style={{ flexGrow: s.share, background: s.color }} title={`${t(`drive.plane.${s.cause}` as MessageKey)} ${percentText(s.share, locale)}`} /> : null))}
      </div>
      <ul className="drive-keys" data-testid="drive-planes">
        {shares.map((s) =>
          s.share > 0 || s.cause === 'idle' ? (
            <li key={s.cause} data-cause={s.cause} data-share={s.share.toFixed(4)}>
              <span className="drive-key-swatch" style={{ background: s.color }} aria-hidden="true" />
              {t(`drive.plane.${s.cause}` as MessageKey)} <strong>{percentText(s.share, locale)}</strong>
            </li>
          ) : null,
        )}
      </ul>
      {fromDisk !== null && (
        <p className="muted small drive-gc-note" data-testid="drive-tier-disk">
          {t('drive.tierDisk', { p: percentText(fromDisk / 100, locale) })}
        </p>
      )}
      {(victims > 0 || folded !== null) && (
        <p className="muted small drive-gc-note" data-testid="drive-gc-note">
          {[
            victims > 0 && t('drive.victims', { n: victims.toLocaleString(locale) }),
            folded !== null && t('drive.folded', { p: percentText(folded / 100, locale) }),
            wearLevel !== undefined && t('drive.wearLevel', { p: percentText(wearLevel / 100, locale) }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
    </div>
  );
}
