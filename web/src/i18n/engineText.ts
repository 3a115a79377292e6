// Display text for what the engine names: English comes from the engine (or a tidy label for
// an enum value), Japanese from engineText.ja.ts, falling back to English when missing.
import type { Lang } from './index';
import type { Axis, SeriesMeta, SummaryField } from '../engine/types';
import { AXES_JA, FIGURES_JA, LABELS_JA, OPTIONS_JA, PRESETS_JA, SUMMARY_JA, type PresetText } from './engineText.ja';
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
  'device.kind': { nand_ssd: 'NAND flash SSD', xpoint_ssd: '3D XPoint SSD', hdd: 'Hard disk', hybrid: 'Hybrid (cache + backing tier)' },
  'device.tier.cache': { xpoint_ssd: '3D XPoint', nand_ssd: 'NAND flash' },
  'device.tier.backing': { nand_ssd: 'NAND flash SSD', hdd: 'Hard disk' },
  'device.tier.write_policy': { write_back: 'Write-back (into the cache first)', write_around: 'Write-around (past the cache)' },
  'device.tier.promotion': { on_access: 'On access (right after the read)', idle: 'When the drive is idle' },
  'device.nand.cell': { slc: 'SLC (1 bit/cell)', mlc: 'MLC (2 bits/cell)', tlc: 'TLC (3 bits/cell)', qlc: 'QLC (4 bits/cell)' },
  'device.host_interface.kind': { pcie: 'PCIe (NVMe)', sata: 'SATA 6 Gb/s' },
  'device.gc.policy': { greedy: 'Greedy (fewest valid)', fifo: 'FIFO (oldest first)', cost_benefit: 'Cost-benefit' },
  'workload.profile': { default: 'Default', nvme: 'NVMe SSD', custom: 'Custom tests' },
  'device.slc_cache.when_full': { direct: 'Write native blocks directly', fold_first: 'Fold first, keep writing SLC' },
  'device.slc_cache.fold_schedule': { paced: 'Paced (every plane, with each write)', burst: 'Burst (one die, a batch at once)' },
  'device.controller.striping': { first_free: 'First free plane', fixed: 'Fixed order' },
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

/** A series' name, by its label_id; the engine's `label` is the English. */
export function seriesLabel(lang: Lang, series: Pick<SeriesMeta, 'label_id' | 'label'>): string {
  return lang === 'ja' ? (LABELS_JA[series.label_id] ?? series.label) : series.label;
}

/** An axis' name, by its id; the engine's `name` is the English. */
export function axisName(lang: Lang, axis: Pick<Axis, 'id' | 'name'>): string {
  return lang === 'ja' ? (AXES_JA[axis.id] ?? axis.name) : axis.name;
}

/** A summary value's label, by its catalogue id; the catalogue's `label` is the English. */
export function summaryLabel(lang: Lang, field: Pick<SummaryField, 'id' | 'label'>): string {
  return lang === 'ja' ? (SUMMARY_JA[field.id] ?? field.label) : field.label;
}

export function presetText(lang: Lang, preset: { name: string; title: string; description: string }): PresetText {
  const ja = lang === 'ja' ? PRESETS_JA[preset.name] : undefined;
  return ja ?? { title: preset.title || preset.name, description: preset.description };
}

export function figureText(lang: Lang, figure: { name: string; title: string; description: string }): PresetText {
  const ja = lang === 'ja' ? FIGURES_JA[figure.name] : undefined;
  return ja ?? { title: figure.title, description: figure.description };
}

/** A figure member's label, by its id (the member's preset name); English is the engine's. */
export function figureMemberLabel(lang: Lang, figure: string, member: { id: string; label: string }): string {
  return lang === 'ja' ? (FIGURES_JA[figure]?.members[member.id] ?? member.label) : member.label;
}
