// Under a comparison whose pins measure something else than the current run (article 000's
// random-write figure over a random-read run): says why "This run" is not drawn, in words
// taken from ids (workload kind, series label ids), and lets the reader draw it anyway, marked.
import type { SeriesMeta } from '../engine/types';
import { useWorkloadKinds } from './EngineFacts';
import { useI18n } from '../i18n';
import { seriesLabel, workloadKindText } from '../i18n/engineText';
import type { Mismatch } from '../run/comparability';

interface Props {
  mismatch: Mismatch;
  runKind: string | null;
  pinKind: string | null;
  runSeries: readonly SeriesMeta[];
  pinSeries: readonly SeriesMeta[];
  shown: boolean;
  onToggle(): void;
}

export function CompareNote({ mismatch, runKind, pinKind, runSeries, pinSeries, shown, onToggle }: Props) {
  const { t, lang } = useI18n();
  const names = (metas: readonly SeriesMeta[]) => [...new Set(metas.map((m) => seriesLabel(lang, m)))].join(' / ');
  const kinds = useWorkloadKinds();
  const kindName = (kind: string | null) => {
    const known = kinds.find((k) => k.id === kind);
    return known ? workloadKindText(lang, known).label : (kind ?? '');
  };
  const text =
    mismatch === 'workload'
      ? t(shown ? 'compareLink.mismatch.workloadShown' : 'compareLink.mismatch.workload', { run: kindName(runKind), pins: kindName(pinKind) })
      : t(shown ? 'compareLink.mismatch.quantityShown' : 'compareLink.mismatch.quantity', { run: names(runSeries), pins: names(pinSeries) });
  return (
    <p className="compare-note" role="note" data-testid="compare-mismatch" data-mismatch={mismatch} data-shown={shown}>
      <span>{text}</span>
      <button type="button" className="btn btn-ghost btn-small" onClick={onToggle} aria-pressed={shown} data-testid="compare-show-run">
        {shown ? t('compareLink.hideRun') : t('compareLink.showRun')}
      </button>
    </p>
  );
}
