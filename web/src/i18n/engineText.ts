// Display text for what the engine names: English comes from the engine (knob and option
// labels too), Japanese from engineText.ja.ts, falling back to English when missing.
import type { Lang } from './index';
import type { Axis, SeriesMeta, SummaryField } from '../engine/types';
import { AXES_JA, FIGURES_JA, GROUPS_JA, LABELS_JA, OPTIONS_JA, PRESETS_JA, SUMMARY_JA, WORKLOAD_KINDS_JA, type PresetText } from './engineText.ja';
import { ARTICLE_VALUES_JA, type ArticleValueText } from './articleValues.ja';
import { INERT_JA, knobTextJa, type KnobText } from './knobs.ja';
import { PRESET_BLURBS_JA } from './presetBlurbs.ja';
import type { Knob } from '../scenario/knobs';
import type { LayoutGroup } from '../engine/generated/LayoutGroup';
import type { WorkloadKindText } from '../engine/generated/WorkloadKindText';

export function knobText(lang: Lang, knob: Knob, kind?: string): KnobText {
  const ja = lang === 'ja' ? knobTextJa(knob.path, kind) : undefined;
  return ja ?? { label: knob.label, help: knob.help };
}

/** Why a knob does nothing on this drive: the engine's English reason, Japanese by its id. */
export function inertText(lang: Lang, inert: { id: string; reason: string }): string {
  return (lang === 'ja' ? INERT_JA[inert.id] : undefined) ?? inert.reason;
}

/** An option of a knob as a form shows it: the engine's English label, Japanese by path and value. */
export function optionLabel(lang: Lang, knob: Pick<Knob, 'path' | 'options' | 'option_labels'>, value: string): string {
  const english = knob.option_labels?.[knob.options?.indexOf(value) ?? -1] ?? value;
  return (lang === 'ja' ? OPTIONS_JA[knob.path]?.[value] : undefined) ?? english;
}

/** A series' name, by its label_id; the engine's `label` is the English. */
export function seriesLabel(lang: Lang, series: Pick<SeriesMeta, 'label_id' | 'label'>): string {
  // A CrystalDiskMark test's line is named by the test (SEQ1M Q1T1), the same in every language.
  if (series.label_id === 'cdm_test') return series.label;
  // One line per FDP handle: the engine's label ends with the handle's number ("handle 2").
  if (series.label_id === 'placement_handle' && lang === 'ja') return `${LABELS_JA.placement_handle} ${series.label.replace(/^\D*/, '')}`;
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

/** The preset in plain words: the preset file's `blurb` is the English, Japanese by preset name; null when it has none. */
export function presetBlurb(lang: Lang, preset: { name: string; blurb: string }): string | null {
  return (lang === 'ja' ? PRESET_BLURBS_JA[preset.name] : undefined) ?? (preset.blurb || null);
}

export function figureText(lang: Lang, figure: { name: string; title: string; description: string }): PresetText {
  const ja = lang === 'ja' ? FIGURES_JA[figure.name] : undefined;
  return ja ?? { title: figure.title, description: figure.description };
}

/** A figure member's label, by its id (the member's preset name); English is the engine's. */
export function figureMemberLabel(lang: Lang, figure: string, member: { id: string; label: string }): string {
  return lang === 'ja' ? (FIGURES_JA[figure]?.members[member.id] ?? member.label) : member.label;
}

/** What an article measured and, where the engine differs, why: by figure name and value id; English is the figure file's. */
export function articleValueText(lang: Lang, figure: string, value: { id: string; label: string; differs?: string }): ArticleValueText {
  const ja = lang === 'ja' ? ARTICLE_VALUES_JA[figure]?.[value.id] : undefined;
  return ja ?? { label: value.label, differs: value.differs };
}

/**
 * A knob group's title, by its layout id; English is the layout's. `kinds`: the device kinds in
 * use, for a group titled otherwise without some kind (the media group of a drive without NAND).
 * A group the layout does not name yet is titled from its id.
 */
export function groupTitle(lang: Lang, group: string, place: LayoutGroup | undefined, kinds: string | readonly string[]): string {
  if (!place) return group.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
  const inUse = typeof kinds === 'string' ? [kinds] : kinds;
  const other = place.other_title && !inUse.some((k) => place.other_title!.unless_devices.includes(k)) ? place.other_title : undefined;
  const ja = lang === 'ja' ? GROUPS_JA[place.id] : undefined;
  return other ? (ja?.other ?? other.title) : (ja?.title ?? place.title);
}

/** A workload kind's menu label and help, by its id; English is the layout's. */
export function workloadKindText(lang: Lang, kind: WorkloadKindText): { label: string; help: string } {
  return (lang === 'ja' ? WORKLOAD_KINDS_JA[kind.id] : undefined) ?? { label: kind.label, help: kind.help };
}
