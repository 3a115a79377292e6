// Display text for what the engine names: English comes from the engine (knob and option
// labels too), Japanese from engineText.ja.ts, falling back to English when missing.
import type { Lang } from './index';
import type { Axis, SeriesMeta, SummaryField } from '../engine/types';
import { AXES_JA, FIGURES_JA, LABELS_JA, OPTIONS_JA, PRESETS_JA, SUMMARY_JA, type PresetText } from './engineText.ja';
import { ARTICLE_VALUES_JA, type ArticleValueText } from './articleValues.ja';
import { knobTextJa, type KnobText } from './knobs.ja';
import type { Knob } from '../scenario/knobs';


export function knobText(lang: Lang, knob: Knob, kind?: string): KnobText {
  const ja = lang === 'ja' ? knobTextJa(knob.path, kind) : undefined;
  return ja ?? { label: knob.label, help: knob.help };
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

/** What an article measured and, where the engine differs, why: by figure name and value id; English is the figure file's. */
export function articleValueText(lang: Lang, figure: string, value: { id: string; label: string; differs?: string }): ArticleValueText {
  const ja = lang === 'ja' ? ARTICLE_VALUES_JA[figure]?.[value.id] : undefined;
  return ja ?? { label: value.label, differs: value.differs };
}
