// The parts of the embed dialog: what to embed, which story step, which controls, and the
// snippet to copy.
import { useRef, useState } from 'react';
import { useI18n, type MessageKey } from '../i18n';
import { knobText } from '../i18n/engineText';
import type { Knob } from '../scenario/knobs';
import { copyText } from '../ui/Dialog';
import { STORIES } from '../explain/stories';

/** What an embed shows: one chart, the figure overlay alone, every pin and figure member, or a story's step. */
export type EmbedWhat = 'chart' | 'figure' | 'comparison' | 'story';

type Story = (typeof STORIES)[number];
type Step = Story['steps'][number];

interface WhatProps {
  what: EmbedWhat;
  /** What this page can embed now (a figure needs a figure on the chart, …). */
  available: Record<EmbedWhat, boolean>;
  onChange(what: EmbedWhat): void;
}

/** Each choice with its label and, when unavailable, why. */
const CHOICES: [EmbedWhat, MessageKey, MessageKey | null][] = [
  ['chart', 'compareLink.embedChart', null],
  ['figure', 'compareLink.embedFigure', 'compareLink.noFigure'],
  ['comparison', 'compareLink.embedComparison', 'compareLink.noComparison'],
  ['story', 'compareLink.embedStory', null],
];

export function EmbedWhatChoice({ what, available, onChange }: WhatProps) {
  const { t } = useI18n();
  return (
    <fieldset className="embed-what" data-testid="embed-what">
      <legend className="knob-label">{t('compareLink.embedWhat')}</legend>
      {CHOICES.map(([value, label, why]) => (
        <label key={value} data-disabled={!available[value]} title={!available[value] && why ? t(why) : undefined}>
          <input type="radio" name="embed-what" value={value} checked={what === value} disabled={!available[value]} onChange={() => onChange(value)} data-testid={`embed-what-${value}`} />
          {t(label)}
        </label>
      ))}
    </fieldset>
  );
}

interface StoryProps {
  story: Story;
  step: Step;
  onStory(id: string): void;
  onStep(id: string): void;
}

export function EmbedStoryPicker({ story, step, onStory, onStep }: StoryProps) {
  const { t, lang } = useI18n();
  return (
    <div className="embed-story">
      <label className="field">
        <span className="knob-label">{t('compareLink.story')}</span>
        <select value={story.id} onChange={(e) => onStory(e.target.value)} data-testid="embed-story">
          {STORIES.map((st) => (
            <option key={st.id} value={st.id}>
              {st.title[lang]}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="knob-label">{t('compareLink.step')}</span>
        <select value={step.id} onChange={(e) => onStep(e.target.value)} data-testid="embed-step">
          {story.steps.map((st, i) => (
            <option key={st.id} value={st.id}>
              {i + 1}. {st.title[lang]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

interface ControlsProps {
  /** The knobs that mean something for this drive and workload. */
  usable: readonly Knob[];
  chosen: readonly string[];
  kind: string;
  onToggle(path: string): void;
}

export function EmbedControlsPicker({ usable, chosen, kind, onToggle }: ControlsProps) {
  const { t, lang } = useI18n();
  return (
    <fieldset className="embed-controls">
      <legend className="knob-label">{t('embed.controls')}</legend>
      <p className="muted">{t('embed.controlsHelp')}</p>
      <div className="checklist">
        {usable.map((k) => (
          <label key={k.path} className="check">
            <input type="checkbox" checked={chosen.includes(k.path)} onChange={() => onToggle(k.path)} data-path={k.path} />
            <span>{knobText(lang, k, kind).label}</span>
            <code className="muted">{k.path}</code>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function EmbedCode({ snippet, src }: { snippet: string; src: string }) {
  const { t } = useI18n();
  const area = useRef<HTMLTextAreaElement | null>(null);
  const [copied, setCopied] = useState(false);
  return (
    <div className="embed-code">
      <label className="knob-label" htmlFor="embed-snippet">
        {t('embed.snippet')}
      </label>
      <textarea id="embed-snippet" ref={area} className="mono" readOnly rows={8} value={snippet} data-testid="embed-snippet" onFocus={(e) => e.currentTarget.select()} />
      <div className="dialog-actions">
        <a className="btn btn-secondary" href={src} target="_blank" rel="noopener noreferrer" data-testid="embed-preview">
          {t('embed.preview')}
        </a>
        <button type="button" className="btn btn-primary" onClick={() => void copyText(snippet, area.current).then(setCopied)}>
          {copied ? `✓ ${t('share.copied')}` : t('embed.copy')}
        </button>
      </div>
      <p className="muted small">{t('compareLink.oembed')}</p>
    </div>
  );
}
