// A chart card's own controls: log scales where the data spans decades, percentile lines on a
// latency trace, CDF or histogram for a latency distribution, plus the caller's buttons.
import type { ReactNode } from 'react';
import { useI18n } from '../i18n';
import { Segmented } from '../ui/Segmented';
import { Switch } from '../ui/Switch';
import type { CdfMode } from './chartLines';
import type { ChartDef } from '../run/chartSpecs';

/** What the reader chose for one chart, and how to change it. */
export interface ChartChoices {
  logX: boolean;
  setLogX(on: boolean): void;
  logY: boolean;
  setLogY(on: boolean): void;
  showPct: boolean;
  setShowPct(on: boolean): void;
  cdfMode: CdfMode;
  setCdfMode(mode: CdfMode): void;
}

interface Props {
  def: ChartDef;
  choices: ChartChoices;
  canLogX: boolean;
  canLogY: boolean;
  actions?: ReactNode;
}

export function SeriesChartTools({ def, choices: c, canLogX, canLogY, actions }: Props) {
  const { t } = useI18n();
  return (
    <>
      {canLogX && def.role !== 'latency_trace' && <Switch label={t('chart.logX')} checked={c.logX} onChange={c.setLogX} testId={`${def.id}-logx`} />}
      {canLogY && <Switch label={t('chart.logY')} checked={c.logY} onChange={c.setLogY} testId={`${def.id}-logy`} />}
      {def.role === 'latency_trace' && <Switch label={t('chart.percentiles')} checked={c.showPct} onChange={c.setShowPct} testId={`${def.id}-pct`} />}
      {def.role === 'cdf' && (
        <Segmented<CdfMode>
          label={t('chart.latencyView')}
          value={c.cdfMode}
          onChange={c.setCdfMode}
          options={[
            { value: 'cdf', label: t('chart.cdf') },
            { value: 'hist', label: t('chart.histogram') },
          ]}
          testId="latency-mode"
        />
      )}
      {actions}
    </>
  );
}
