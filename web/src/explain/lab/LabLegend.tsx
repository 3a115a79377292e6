// What the lab's colours and outlines mean; GC's outlines only once GC is taught or has run.
import { useI18n } from '../../i18n';
import '../../ui/blockLegend.css';

export function LabLegend({ gc = true }: { gc?: boolean }) {
  const { t } = useI18n();
  return (
    <ul className="lab-legend" aria-label={t('lab.blocksLabel')}>
      <li>
        <span className="lab-swatch free" aria-hidden="true" />
        {t('lab.legend.free')}
      </li>
      <li>
        <span className="lab-swatch valid" aria-hidden="true" />
        {t('lab.legend.valid')}
      </li>
      <li>
        <span className="lab-swatch stale" aria-hidden="true" />
        {t('lab.legend.stale')}
      </li>
      <li>
        <span className="lab-swatch outline host" aria-hidden="true" />
        {t('lab.tag.host')}
      </li>
      {gc && (
        <li>
          <span className="lab-swatch outline gc" aria-hidden="true" />
          {t('lab.tag.gc')}
        </li>
      )}
      {gc && (
        <li>
          <span className="lab-swatch outline victim" aria-hidden="true" />
          {t('lab.legend.victim')}
        </li>
      )}
      <li className="muted">{t('lab.blocksLabel')}</li>
    </ul>
  );
}
