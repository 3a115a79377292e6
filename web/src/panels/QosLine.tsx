// The run's read QoS as enterprise spec sheets state it, for the job they state it for:
// "99 % / 99.99 % of 4K random reads at QD1 under X µs / Y µs", each percentile only when the
// run read enough to measure it; otherwise it says how many reads it had and needs.
import { samplesFor, type Qos } from '../run/qos';
import { latencyText } from '../run/causeText';
import { Term } from '../glossary/Term';
import { useI18n } from '../i18n';

export function QosLine({ qos }: { qos: Qos }) {
  const { t, lang, locale } = useI18n();
  const n = qos.count.toLocaleString(locale);
  const need = (p: number) => samplesFor(p).toLocaleString(locale);
  const p99 = qos.p99Us !== undefined ? latencyText(qos.p99Us, lang, locale) : null;
  const text =
    p99 === null
      ? t('qos.tooFew', { n, need: need(99) })
      : qos.p9999Us !== undefined
        ? t('qos.line', { p99, p9999: latencyText(qos.p9999Us, lang, locale) })
        : `${t('qos.lineP99', { p99 })} ${qos.count < samplesFor(99.99) ? t('qos.tooFewP9999', { n, need: need(99.99) }) : ''}`.trim();
  return (
    <p className="qos-line" data-testid="summary-qos" data-p99-us={qos.p99Us} data-p9999-us={qos.p9999Us}>
      <strong>
        <Term id="qos">{t('qos.title')}</Term>
      </strong>{' '}
      {text}
    </p>
  );
}
