// How a pinned run is named in the legend, from its scenario alone (the preset plus what was
// changed), so the page that pinned it and a page opened from its share link name it alike.
import type { Lang } from '../i18n';
import { deviceKinds, workloadKind } from '../scenario/knobs';
import type { JsonObject } from '../scenario/paths';
import { editedPaths } from '../scenario/settle';
import { describeScenario } from './describe';
import type { LoadedCatalog } from './catalog';

export function runPinLabel(catalog: LoadedCatalog, presetName: string, scenario: JsonObject): (lang: Lang) => string {
  const preset = catalog.presets.find((p) => p.name === presetName);
  const edited = editedPaths(scenario, presetName, catalog.codec);
  const kind = workloadKind(scenario);
  const devices = deviceKinds(scenario);
  return (lang) => describeScenario(lang, preset, scenario, edited, catalog.knobs, kind, devices);
}
