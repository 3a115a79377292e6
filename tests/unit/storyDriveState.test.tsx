// A story step's main chart with the drive-state panel under it: a figure's members each bring
// their own drive, the first shown until the reader picks another; an embed keeps to the chart.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { RunView } from '../../web/src/session/runView';
import type { Pin } from '../../web/src/session/pins';
import { chartDefs } from '../../web/src/run/chartSpecs';
import { PointBuffer } from '../../web/src/engine/chunking';
import type { DriveSnapshots, SeriesMeta } from '../../web/src/engine/types';
import { StepDriveState } from '../../web/src/explain/story/StepDriveState';
import { I18nProvider } from '../../web/src/i18n';
import { driveSnapshots } from './driveStateFixture';

const meta = {
  id: 'write_throughput',
  role: 'headline',
  label_id: 'throughput',
  label: 'Write',
  x: { id: 'data_written', unit: 'gb', name: 'Data written', categories: [] },
  y: { id: 'throughput', unit: 'mb_per_s', name: 'Throughput', categories: [] },
} as unknown as SeriesMeta;
const points = new Float64Array([0, 1000, 10, 900, 20, 100, 35, 90]);

function view(snapshots: DriveSnapshots | null): RunView {
  const buffer = new PointBuffer(points.length);
  buffer.append(points);
  return { status: 'done', progress: 1, series: [meta], buffers: [buffer], summary: null, error: null, scenarioJson: null, scenario: null, elapsedMs: 0, frame: 1, blockMap: null, snapshots, runs: 1, stale: false };
}

function member(id: string, name: string, slcGb: number): Pin {
  return { id, label: () => name, scenarioJson: '{}', scenario: {}, series: [{ meta, points }], snapshots: driveSnapshots(8, () => ({ slc: { data_gb: slcGb, size_gb: 24 } })) };
}

function render(props: { view: RunView; members: Pin[]; driveState?: boolean }) {
  const def = chartDefs(props.view.series)[0];
  return renderToStaticMarkup(
    <I18nProvider initial="en">
      <StepDriveState def={def} view={props.view} pins={props.members} members={props.members} driveState={props.driveState ?? true} filenameBase="x" />
    </I18nProvider>,
  );
}

describe('a story step’s drive state', () => {
  it('a preset step shows its own run’s drive, at the run’s end to start', () => {
    const html = render({ view: view(driveSnapshots(8)), members: [] });
    expect(html).toContain('data-testid="drive-state"');
    expect(html).toContain('at 35 GB written');
    // The chart draws the cursor where the panel's snapshot was taken.
    expect(html).toMatch(/data-testid="chart-cursor" data-x="35"/);
    expect(html).not.toContain('drive-chooser');
  });

  it('a figure offers each member’s drive, the first chosen', () => {
    const html = render({ view: view(null), members: [member('a', 'Intel 660p', 3.5), member('b', 'Optane H10', 11)] });
    expect(html).toContain('data-testid="drive-chooser"');
    expect(html).toMatch(/aria-pressed="true"[^>]*data-choice="a"/);
    expect(html).toContain('3.5 of 24 GB');
    expect(html).not.toContain('11 of 24 GB');
  });

  it('without snapshots says why there is no drive panel; an embed shows the chart alone', () => {
    const none = render({ view: view(null), members: [] });
    expect(none).not.toContain('data-testid="drive-state"');
    expect(none).toContain('data-testid="no-drive-state"');
    // A drive that writes in place (article 002's 900p-like) has no blocks, GC or cache to show.
    const xpoint = render({ view: { ...view(null), scenario: { device: { kind: 'xpoint_ssd' } } as unknown as RunView['scenario'] }, members: [] });
    expect(xpoint).toContain('writes its media in place');
    const embed = render({ view: view(driveSnapshots(8)), members: [], driveState: false });
    expect(embed).not.toContain('drive-state');
    expect(embed).not.toContain('story-stage-drive');
  });

  it('a latency CDF, which has no place for snapshots, still shows the drive along the run’s headline axis', () => {
    const cdf = { ...meta, id: 'latency_cdf_write', role: 'latency_cdf', x: { id: 'latency', unit: 'us', name: 'Latency', categories: [] }, y: { id: 'share', unit: 'percent', name: 'Share', categories: [] } } as unknown as SeriesMeta;
    const headline = { ...meta, role: 'headline' } as unknown as SeriesMeta;
    const v = view(driveSnapshots(8));
    const both: RunView = { ...v, series: [headline, cdf], buffers: [v.buffers[0], v.buffers[0]] };
    const def = chartDefs(both.series).find((d) => d.series.includes(1) && !d.series.includes(0))!;
    const html = renderToStaticMarkup(
      <I18nProvider initial="en">
        <StepDriveState def={def} view={both} pins={[]} members={[]} driveState filenameBase="x" />
      </I18nProvider>,
    );
    expect(html).toContain('data-testid="drive-state"');
    expect(html).toContain('at 35 GB written');
  });
});
