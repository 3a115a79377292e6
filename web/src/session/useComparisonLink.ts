// The comparison and the address bar: on opening a link that names a figure overlay or pinned
// runs, recompute them (on the comparison workers, side by side, while the page's own run
// goes on); from then on the link holds whatever is on the chart. Until the recomputed pins
// arrive the address keeps the link's comparison, so a reload in the meantime loses nothing.
import { useEffect, useMemo, useRef, useState } from 'react';
import { decodeComparison, encodeComparison, FIGURE_PARAM, PIN_PARAM } from '../scenario/pinCodec';
import { settleDecoded } from '../scenario/settle';
import type { UrlIssue } from '../scenario/urlCodec';
import type { LoadedCatalog } from './catalog';
import { runPinLabel } from './pinLabel';
import { comparisonSpecs, pinId, type PinsModel } from './pins';
import { figureJobs, type PinJob, type VariantsModel } from './comparisonRuns';

export function useComparisonLink(catalog: LoadedCatalog | null, pins: PinsModel, variants: Pick<VariantsModel, 'runJobs'>) {
  // The link the page was opened with; later rewrites of the address are the page's own.
  const [opened] = useState(() => location.search);
  const linked = useMemo(() => {
    const params = new URLSearchParams(opened);
    if (!catalog || (!params.has(PIN_PARAM) && !params.has(FIGURE_PARAM))) return null;
    return decodeComparison(params, catalog.codec, catalog.figures);
  }, [catalog, opened]);
  // Refusals found while the engine checks each pin, and whether the reader dismissed them all.
  const [settleIssues, setSettleIssues] = useState<UrlIssue[]>([]);
  const [dismissed, setDismissed] = useState(false);
  const [restored, setRestored] = useState(false);
  const started = useRef(false);
  const { runJobs } = variants;

  useEffect(() => {
    if (!catalog || !linked || started.current) return;
    started.current = true;
    const { codec, figures } = catalog;
    const jobs: PinJob[] = [];
    const figure = linked.figure && figures.find((f) => f.name === linked.figure!.figure);
    if (figure) jobs.push(...figureJobs(figure, linked.figure!.members));
    for (const { index, decoded } of linked.pins) {
      jobs.push({
        scenarioJson: JSON.stringify(decoded.scenario),
        // The engine checks the pin as it checks a link: a refused field goes back to the
        // preset's value, reported as this pin's.
        prepare: async (engine) => {
          const settled = await settleDecoded(decoded, codec, (json) => engine.validate(json));
          const added = settled.issues.slice(decoded.issues.length).map((issue) => ({ ...issue, pin: index }));
          if (added.length) setSettleIssues((list) => [...list, ...added]);
          return JSON.stringify(settled.scenario);
        },
        make: ({ scenarioJson, scenario, series, summary }) => ({
          id: pinId(),
          basePreset: decoded.preset,
          scenarioJson,
          scenario,
          series,
          summary,
          label: runPinLabel(catalog, decoded.preset, scenario),
        }),
      });
    }
    let live = true;
    void runJobs(jobs, figure ? figure.name : null, true).finally(() => live && setRestored(true));
    // React's development double mount disposes the comparison workers in between: start again.
    return () => {
      live = false;
      started.current = false;
    };
  }, [catalog, linked, runJobs]);

  const params = useMemo<[string, string][]>(() => {
    if (!catalog) return [];
    // Until the link's pins are back, the address keeps the link's comparison.
    if (linked && !restored) return encodeComparison(linked.figure, linked.pins.map(({ decoded }) => ({ preset: decoded.preset, scenario: decoded.scenario })), catalog.codec);
    const specs = comparisonSpecs(pins.pins, catalog.figures);
    return encodeComparison(specs.figure, specs.pins, catalog.codec);
  }, [catalog, linked, restored, pins.pins]);

  const issues = useMemo(() => (dismissed ? [] : [...(linked?.issues ?? []), ...settleIssues]), [dismissed, linked, settleIssues]);
  return { issues, dismiss: () => setDismissed(true), params };
}
