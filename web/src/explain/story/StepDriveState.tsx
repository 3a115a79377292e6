// A story step's main chart with the drive's state under its cursor: the card owns the cursor,
// so pointing at the chart, Play and the step buttons all move one thing. On a figure (several
// drives overlaid) the reader picks whose drive to look inside; the first member to start.
import { useDeferredValue, useMemo, useState, type ComponentProps } from 'react';
import type { Pin } from '../../session/pins';
import type { RunView } from '../../session/runView';
import type { ChartDef } from '../../run/chartSpecs';
import { firstPlacedAxis, mainAxis } from '../../charts/drive-state/chartCursor';
import { deviceKinds } from '../../scenario/knobs';
import { DriveStatePanel } from '../../charts/drive-state/DriveStatePanel';
import { useDriveCursor } from '../../charts/drive-state/useDriveCursor';
import { SeriesChartCard } from '../../charts/SeriesChartCard';
import { useI18n } from '../../i18n';
import { axisName } from '../../i18n/engineText';
import { Choices } from './Choices';

type CardLook = Omit<ComponentProps<typeof SeriesChartCard>, 'def' | 'view' | 'pins' | 'drive'>;

interface Props extends CardLook {
  def: ChartDef;
  view: RunView;
  /** Lines drawn with the run: a figure's members, or the step before as a ghost. */
  pins: Pin[];
  /** A figure's members, whose drives the reader can look inside (empty: the step's own run). */
  members: readonly Pin[];
  /** False: the chart alone (an embed). */
  driveState: boolean;
}

export function StepDriveState({ def, view, pins, members, driveState, ...look }: Props) {
  const { lang } = useI18n();
  const withState = members.filter((p) => p.snapshots);
  const [chosen, setChosen] = useState<string | null>(null);
  const member = withState.find((p) => p.id === chosen) ?? withState[0] ?? null;
  const snapshots = useDeferredValue(members.length > 0 ? (member?.snapshots ?? null) : view.status === 'done' ? view.snapshots : null);
  // A chart with no place for the snapshots (a latency CDF) leaves the cursor to the run's headline axis.
  const main = useMemo(() => {
    const name = (x: Parameters<typeof axisName>[1]) => axisName(lang, x);
    const headline = view.series.findIndex((m) => m.role === 'headline');
    const axes = [mainAxis(def.series.map((i) => view.series[i]), name), headline >= 0 ? mainAxis([view.series[headline]], name) : null];
    return firstPlacedAxis(snapshots, axes) ?? axes[0];
  }, [def, view.series, lang, snapshots]);
  const drive = useDriveCursor(driveState ? snapshots : null, main);
  // The causes stacked under a figure's trace: the chosen member's, else the first that has them.
  const withCauses = members.filter((p) => p.causeSeries?.length);
  const causeMember = withCauses.find((p) => p.id === member?.id) ?? withCauses[0];
  const figure = members.length > 0;
  const causes = useMemo(() => (figure ? (causeMember ? { series: causeMember.causeSeries ?? [], doc: causeMember.latencyCauses ?? null } : null) : undefined), [figure, causeMember]);
  const choices = withState.map((p) => ({ id: p.id, label: { en: p.label('en'), ja: p.label('ja') } }));
  // A finished run whose drive keeps no state to show (3D XPoint writes in place) says so.
  const stateless = driveState && !drive && view.status === 'done' && members.length === 0 && !view.snapshots;
  return (
    <div className={`story-stage${drive ? ' story-stage-drive' : ''}`} data-testid="story-stage">
      <SeriesChartCard def={def} view={view} pins={pins} drive={drive} causes={causes} {...look} />
      {drive && <DriveStatePanel cursor={drive} chooser={choices.length > 1 && member ? <MemberChooser choices={choices} chosen={member.id} onChoose={setChosen} /> : undefined} />}
      {stateless && <NoDriveState scenario={view.scenario} />}
    </div>
  );
}

/** Why a step has no drive panel: media written in place has no blocks, GC or cache to watch. */
function NoDriveState({ scenario }: { scenario: unknown }) {
  const { t } = useI18n();
  const inPlace = deviceKinds(scenario).some((k) => k === 'xpoint_ssd' || k === 'hdd');
  return (
    <p className="note story-no-drive" data-testid="no-drive-state">
      {inPlace ? t('drive.noneInPlace') : t('drive.none')}
    </p>
  );
}

function MemberChooser({ choices, chosen, onChoose }: { choices: ComponentProps<typeof Choices>['choices']; chosen: string; onChoose(id: string): void }) {
  const { t } = useI18n();
  // A choice, not a quiz: no answer is "right", so none is marked correct.
  return (
    <div className="drive-chooser" role="group" aria-label={t('drive.show')} data-testid="drive-chooser">
      <span className="muted">{t('drive.show')}</span>
      <Choices choices={choices} answer={chosen} right="" onAnswer={onChoose} />
    </div>
  );
}
