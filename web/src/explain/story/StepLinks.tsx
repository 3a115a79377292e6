// A step's ways out: its own link (copied), an embed snippet (an iframe of just this step), and
// the same scenario opened in the playground.
import { useState } from 'react';
import { appBase } from '../../scenario/appBase';
import { useI18n } from '../../i18n';
import { embedSnippet } from '../../scenario/embedLink';
import { Icon } from '../../ui/Icon';

/** The step's own address: `?story=<id>&step=<step>` (plus the language when not English). */
export function stepUrl(storyId: string, stepId: string, lang: string, embed = false): string {
  const params = new URLSearchParams({ story: storyId, step: stepId });
  if (embed) params.set('embed', '1');
  if (lang !== 'en') params.set('lang', lang);
  return `${appBase()}?${params.toString()}`;
}

/**
 * The iframe's height before embed.js sizes it to its content (and where a host strips
 * scripts): a step is ~680 px on a laptop and ~840 on a phone; too tall leaves space, too short
 * cuts off the chart's bottom and the links.
 */
export const STEP_EMBED_HEIGHT = 860;

/** The playground's snippet (the iframe and embed.js, which resizes it) for one story step. */
export function stepEmbedSnippet(storyId: string, stepId: string, lang: string, title: string): string {
  return embedSnippet(stepUrl(storyId, stepId, lang, true), STEP_EMBED_HEIGHT, title, appBase());
}

interface Props {
  storyId: string;
  stepId: string;
  title: string;
  playground: string | null;
  embed: boolean;
}

export function StepLinks({ storyId, stepId, title, playground, embed }: Props) {
  const { t, lang } = useI18n();
  const [copied, setCopied] = useState(false);
  const [showEmbed, setShowEmbed] = useState(false);
  const url = stepUrl(storyId, stepId, lang);
  const copy = () => {
    void navigator.clipboard?.writeText(url).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  const open = playground !== null ? `${appBase()}?${playground}` : null;
  if (embed) {
    return (
      <p className="story-links story-links-embed muted small">
        <a href={url.replace(/&?embed=1/, '')} target="_blank" rel="noopener noreferrer" data-testid="step-story-link">
          {t('story.embedOpen')} ↗
        </a>
        {open && (
          <>
            {' · '}
            <a href={open} target="_blank" rel="noopener noreferrer" data-testid="step-playground">
              {t('story.openPlayground')} ↗
            </a>
          </>
        )}
      </p>
    );
  }
  return (
    <div className="story-links">
      <a className="btn btn-ghost btn-small" href={url} onClick={(e) => (e.preventDefault(), copy())} data-testid="step-link" title={url}>
        <Icon name="share" />
        {copied ? t('story.copied') : t('story.copyLink')}
      </a>
      <button type="button" className="btn btn-ghost btn-small" aria-expanded={showEmbed} onClick={() => setShowEmbed((v) => !v)} data-testid="step-embed">
        <Icon name="embed" />
        {t('story.embed')}
      </button>
      {open && (
        <a className="btn btn-secondary btn-small" href={open} data-testid="step-playground">
          {t('story.openPlayground')} →
        </a>
      )}
      {showEmbed && (
        <label className="story-embed-code">
          <span className="muted small">{t('story.embedHelp')}</span>
          <textarea readOnly rows={3} value={stepEmbedSnippet(storyId, stepId, lang, title)} onFocus={(e) => e.currentTarget.select()} data-testid="step-embed-code" />
        </label>
      )}
    </div>
  );
}
