// A step's ways out: its own link (copied), an embed snippet (an iframe of just this step), and
// the same scenario opened in the playground.
import { useState } from 'react';
import { appBase } from '../../app/appBase';
import { useI18n } from '../../i18n';
import { Icon } from '../../ui/Icon';

/** The step's own address: `?story=<id>&step=<step>` (plus the language when not English). */
export function stepUrl(storyId: string, stepId: string, lang: string, embed = false): string {
  const params = new URLSearchParams({ story: storyId, step: stepId });
  if (embed) params.set('embed', '1');
  if (lang !== 'en') params.set('lang', lang);
  return `${appBase()}?${params.toString()}`;
}

export function embedSnippet(storyId: string, stepId: string, lang: string, title: string): string {
  const safeTitle = title.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c] ?? c);
  return `<iframe src="${stepUrl(storyId, stepId, lang, true)}" title="${safeTitle}" width="100%" height="620" style="border:0" loading="lazy"></iframe>`;
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
          <textarea readOnly rows={3} value={embedSnippet(storyId, stepId, lang, title)} onFocus={(e) => e.currentTarget.select()} data-testid="step-embed-code" />
        </label>
      )}
    </div>
  );
}
