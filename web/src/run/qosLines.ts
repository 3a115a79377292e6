// The latency CDF's QoS marks for a run of the spec sheets' job (4K random reads at QD1).
import type { RunView } from '../session/runView';
import type { SeriesMeta } from '../engine/types';
import type { I18n, Lang } from '../i18n';
import type { RefLine } from './refLine';
import { latencyText } from './causeText';
import { qosLines, qosOf } from './qos';

export function qosRefLines(view: RunView, first: SeriesMeta, { t, lang, locale }: { t: I18n['t']; lang: Lang; locale: string }): RefLine[] {
  // The marks are read latency: on a CDF of reads (or of all operations), not of writes.
  if (view.status !== 'done' || first.label_id === 'write') return [];
  const qos = qosOf(view.scenario, view.summary);
  return qosLines(qos, first.x.unit, (p, us) => t('qos.mark', { p: Number(p).toLocaleString(locale), value: latencyText(us, lang, locale) }));
}
