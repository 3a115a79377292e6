// The block map card: the drive's blocks after the run, by valid data, wear or state.
import { useRef, useState } from 'react';
import type { BlockMap } from '../engine/types';
import { useI18n } from '../i18n';
import { Segmented } from '../ui/Segmented';
import { BlockMapChart } from './BlockMapChart';
import { PlacementTable } from './PlacementTable';
import type { BlockMode } from './blockMapModel';
import { ChartCard } from './ChartCard';
import type { ChartExporter } from './exportChart';
import { captionText } from './captions';
import { RichText } from '../glossary/RichText';
import type { Wear } from '../engine/generated/Wear';

interface Props {
  map: BlockMap | null;
  running: boolean;
  filenameBase: string;
  exportable?: boolean;
  /** Which run the map shows, for the exported picture. */
  scenario?: string;
  /** The run's wear levelling (a NAND drive's), said under the erase-count histogram. */
  wear?: Wear | null;
}

export function BlockMapCard({ map, running, filenameBase, exportable = true, scenario = '', wear = null }: Props) {
  const { t, locale, lang } = useI18n();
  const [picked, setMode] = useState<BlockMode>('valid');
  // Handles are a colouring only a drive with NVMe FDP on has.
  const hasHandles = map?.handles !== undefined;
  // Zones, a colouring only a zoned drive has.
  const hasZones = map?.zoneStates !== undefined;
  const mode = (picked === 'handle' && !hasHandles) || (picked === 'zone' && !hasZones) ? 'valid' : picked;
  const exporter = useRef<ChartExporter | null>(null);
  const title = t('chart.blocks');
  return (
    <ChartCard
      id="blocks"
      title={title}
      caption={<RichText text={captionText(lang, 'blocks', { x: '', y: '' })} />}
      subtitle={map ? t('blocks.subtitle', { planes: map.planes, blocks: (map.planes * map.blocksPerPlane).toLocaleString(locale) }) : t('blocks.after')}
      tools={
        <Segmented<BlockMode>
          label={t('blocks.colourBy')}
          value={mode}
          onChange={setMode}
          options={[
            { value: 'valid', label: t('blocks.valid') },
            { value: 'erase', label: t('blocks.erase') },
            { value: 'state', label: t('blocks.state') },
            ...(hasHandles ? [{ value: 'handle' as const, label: t('blocks.handle') }] : []),
            ...(hasZones ? [{ value: 'zone' as const, label: t('blocks.zone') }] : []),
          ]}
          testId="block-mode"
        />
      }
      live={false}
      filename={`${filenameBase}-blocks`}
      exporter={exporter}
      exportable={exportable && map !== null}
    >
      {map ? <BlockMapChart map={map} mode={mode} exporter={exporter} title={title} scenario={scenario} wear={wear} /> : <p className="chart-placeholder muted">{running ? t('blocks.running') : t('blocks.after')}</p>}
      {map?.placement && <PlacementTable placement={map.placement} />}
    </ChartCard>
  );
}
