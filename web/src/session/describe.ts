// A short name for a result, for the compare legend: the preset plus what was changed
// ("BG4-like DRAM-less NVMe, HMB off · Queue depth 8").
import type { Preset } from '../engine/types';
import { translate, type Lang } from '../i18n';
import { knobText, optionLabel, presetText } from '../i18n/engineText';
import { knobsFor, type KindsInUse, type Knob } from '../scenario/knobs';
import { getPath, jsonText, type JsonObject } from '../scenario/paths';
import { formatKnobValue } from '../scenario/knobFormat';

/** `devices`: the run's device kinds in use (`deviceKinds`); a change to a field they lack (NAND GC on 3D XPoint) is not named. */
export function describeScenario(lang: Lang, preset: Preset | undefined, scenario: JsonObject, edited: readonly string[], knobs: readonly Knob[], kind: string, devices?: KindsInUse): string {
  const name = preset ? presetText(lang, preset).title : '';
  const usable = knobsFor(knobs, kind, devices);
  // Fields the device lacks keep their values but change nothing in this run.
  const hidden = new Set(knobs.filter((k) => !usable.some((u) => u.path === k.path)).map((k) => k.path));
  const relevant = edited.filter((path) => !hidden.has(path));
  const changes = relevant
    .map((path) => usable.find((k) => k.path === path))
    .filter((k): k is Knob => k !== undefined)
    .slice(0, 2)
    .map((k) => {
      const value = getPath(scenario, k.path);
      const shown = k.kind === 'enum' || k.options?.length ? optionLabel(lang, k, jsonText(value)) : k.kind === 'bool' ? translate(lang, value ? 'knob.on' : 'knob.off') : `${formatKnobValue(k, value)}${k.unit && k.kind !== 'bytes' && k.kind !== 'bytes_list' ? ` ${k.unit}` : ''}`;
      return `${knobText(lang, k, kind).label} ${shown}`;
    });
  const more = relevant.length > changes.length ? ` +${relevant.length - changes.length}` : '';
  return [name, ...changes].filter(Boolean).join(' · ') + more;
}
