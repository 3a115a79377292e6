// The drive + workload to start from: every preset the engine ships, with its description,
// a reset for edits, and one-click "compare variants" when the preset belongs to an article
// figure (e.g. BG4 HMB off / 61 / 64 MiB + BG3 + a DRAM drive).
import { memo, useId, useState } from 'react';
import type { Figure, Preset } from '../engine/types';
import { useI18n } from '../i18n';
import { figureText, presetBlurb, presetText } from '../i18n/engineText';
import { Icon } from '../ui/Icon';

interface Props {
  presets: Preset[];
  figures: Figure[];
  preset: string;
  editedCount: number;
  variantsBusy: boolean;
  onPreset(name: string): void;
  onReset(): void;
  onVariants(figure: Figure): void;
}

/** Figures with the preset among their members (matched by the scenario's name). */
export function figuresFor(figures: readonly Figure[], preset: Preset | undefined): Figure[] {
  if (!preset) return [];
  return figures.filter((f) => f.members.some((m) => m.scenario.name === preset.scenario.name));
}

// Memoised: the page re-renders with every frame of a streaming run; this only changes with the scenario.
export const PresetPicker = memo(function PresetPicker({ presets, figures, preset, editedCount, variantsBusy, onPreset, onReset, onVariants }: Props) {
  const { t, lang } = useI18n();
  const id = useId();
  const [more, setMore] = useState(false);
  // On a phone the comparisons fold under one line, so the knobs stay near the top.
  const [variantsOpen, setVariantsOpen] = useState(false);
  const current = presets.find((p) => p.name === preset);
  const text = current ? presetText(lang, current) : null;
  const blurb = current ? presetBlurb(lang, current) : null;
  const related = figuresFor(figures, current);

  return (
    <section className="card panel preset-card" aria-labelledby={`${id}-title`} data-testid="preset-panel">
      <div className="card-head">
        <h2 id={`${id}-title`}>{t('panel.preset')}</h2>
        {editedCount > 0 && (
          <button type="button" className="btn btn-ghost btn-small" onClick={onReset} data-testid="reset-preset">
            ↺ {t('preset.reset', { n: editedCount })}
          </button>
        )}
      </div>
      <label htmlFor={id} className="visually-hidden">
        {t('panel.preset')}
      </label>
      {/* A native select cuts a long title off: its title attribute and the heading below hold it whole. */}
      <select id={id} value={preset} onChange={(e) => onPreset(e.target.value)} data-testid="preset-select" title={text?.title}>
        {presets.map((p) => (
          <option key={p.name} value={p.name}>
            {presetText(lang, p).title}
          </option>
        ))}
      </select>
      {editedCount > 0 && <p className="preset-edited muted">{t('preset.edited', { n: editedCount })}</p>}
      {text && (
        <div className="preset-about">
          <p className="preset-title" data-testid="preset-title">
            {text.title}
          </p>
          {blurb && (
            <p className="preset-blurb" data-testid="preset-blurb">
              {blurb}
            </p>
          )}
          <button type="button" className="link-button" onClick={() => setMore((m) => !m)} aria-expanded={more} aria-controls={`${id}-more`} data-testid="preset-more">
            {more ? t('preset.less') : t('preset.more')}
          </button>
          <div id={`${id}-more`} className="preset-description open" hidden={!more}>
            <p data-testid="preset-description">{text.description}</p>
          </div>
        </div>
      )}
      {related.length > 0 && (
        <div className={`variants${variantsOpen ? ' open' : ''}`}>
          <button type="button" className="link-button variants-toggle" onClick={() => setVariantsOpen((o) => !o)} aria-expanded={variantsOpen} data-testid="variants-toggle">
            {t('preset.variants', { n: related.length })}
          </button>
          {related.map((f) => (
            <button key={f.name} type="button" className="btn btn-secondary btn-block variant-button" disabled={variantsBusy} onClick={() => onVariants(f)} data-testid={`variants-${f.name}`} title={figureText(lang, f).description}>
              <Icon name="variants" />
              <span>
                <strong>{t('compare.variants')}</strong>
                <span className="variant-title">{figureText(lang, f).title}</span>
              </span>
            </button>
          ))}
        </div>
      )}
    </section>
  );
});
