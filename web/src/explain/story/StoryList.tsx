// The stories as a list of cards with their one-line blurbs: the story index and the welcome
// page both show it.
import { useI18n } from '../../i18n';
import { STORIES } from '../stories';

export function StoryList() {
  const { t, lang } = useI18n();
  return (
    <ol className="story-list" data-testid="story-list">
      {STORIES.map((story) => (
        <li key={story.id} className="card story-card" data-story-card={story.id}>
          <a href={`./?story=${story.id}`}>
            <span className="story-article muted small">{story.article ? t('story.article', { n: story.article }) : t('story.basics')}</span>
            <strong className="story-card-title">{story.title[lang]}</strong>
            <span className="story-card-blurb">{story.blurb[lang]}</span>
            <span className="muted small">{t('story.stepCount', { n: story.steps.length })}</span>
          </a>
        </li>
      ))}
    </ol>
  );
}
