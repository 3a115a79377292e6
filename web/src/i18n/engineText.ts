// Display text for what the engine names: English comes from the engine (or a tidy label for
// an enum value), Japanese from engineText.ja.ts, falling back to English when missing.
import type { Lang } from './index';
import { AXES_JA, FIGURES_JA, OPTIONS_JA, PRESETS_JA, SERIES_JA, SERIES_LABEL_JA, SUMMARY_JA, type PresetText } from './engineText.ja';
import { knobTextJa, type KnobText } from './knobs.ja';
import type { Knob } from '../scenario/knobs';

const OPTIONS_EN: Record<string, Record<string, string>> = {
  'workload.rw': {
    read: 'Sequential read',
    write: 'Sequential write',
    randread: 'Random read',
    randwrite: 'Random write',
    rw: 'Sequential mixed',
    randrw: 'Random mixed',
    trim: 'Sequential trim',
    randtrim: 'Random trim',
  },
  'device.nand.cell': { slc: 'SLC (1 bit/cell)', mlc: 'MLC (2 bits/cell)', tlc: 'TLC (3 bits/cell)', qlc: 'QLC (4 bits/cell)' },
  'device.host_interface.kind': { pcie: 'PCIe (NVMe)', sata: 'SATA 6 Gb/s' },
  'device.gc.policy': { greedy: 'Greedy (fewest valid)', fifo: 'FIFO (oldest first)', cost_benefit: 'Cost-benefit' },
  'device.mapping.hmb.allocation_policy': { '0': '0: off', '1': '1: minimum', '2': '2: preferred' },
  'device.host_interface.lanes': { '1': 'x1', '2': 'x2', '4': 'x4', '8': 'x8', '16': 'x16' },
};

export function knobText(lang: Lang, knob: Knob, kind?: string): KnobText {
  const ja = lang === 'ja' ? knobTextJa(knob.path, kind) : undefined;
  return ja ?? { label: knob.label, help: knob.help };
}

export function optionLabel(lang: Lang, path: string, value: string): string {
  const table = lang === 'ja' ? OPTIONS_JA : OPTIONS_EN;
  return table[path]?.[value] ?? OPTIONS_EN[path]?.[value] ?? value;
}

export function seriesLabel(lang: Lang, id: string, label: string): string {
  if (lang !== 'ja') return label;
  return SERIES_LABEL_JA[label] ?? SERIES_JA[id] ?? label;
}

export function axisName(lang: Lang, name: string): string {
  return lang === 'ja' ? (AXES_JA[name] ?? name) : name;
}

export function summaryLabel(lang: Lang, key: string, english: string): string {
  if (lang !== 'ja') return english;
  const leaf = key.includes('.') ? key.slice(key.lastIndexOf('.') + 1) : key;
  return SUMMARY_JA[key] ?? SUMMARY_JA[leaf] ?? english;
}

export function presetText(lang: Lang, preset: { name: string; title: string; description: string }): PresetText {
  const ja = lang === 'ja' ? PRESETS_JA[preset.name] : undefined;
  return ja ?? { title: preset.title || preset.name, description: preset.description };
}

export function figureText(lang: Lang, figure: { name: string; title: string; description: string }): PresetText {
  const ja = lang === 'ja' ? FIGURES_JA[figure.name] : undefined;
  return ja ?? { title: figure.title, description: figure.description };
}

export function figureMemberLabel(lang: Lang, figure: string, label: string): string {
  return lang === 'ja' ? (FIGURES_JA[figure]?.members[label] ?? label) : label;
}
