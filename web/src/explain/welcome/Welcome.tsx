// The first visit's landing page: what the playground is, the guided stories (each with its
// one-line blurb), and the playground itself, one click away.
import { useI18n } from '../../i18n';
import { StoryHeader } from '../story/StoryHeader';
import { StoryList } from '../story/StoryList';

export function Welcome() {
  const { t } = useI18n();
  return (
    <div className="story-app" data-testid="welcome">
      <StoryHeader />
      <main className="welcome">
        <section className="welcome-hero">
          <h1>{t('welcome.title')}</h1>
          <p className="welcome-lead">{t('welcome.lead')}</p>
          <div className="welcome-actions">
            <a className="btn btn-primary" href="./?story=nand-101" data-testid="welcome-start">
              {t('welcome.start')}
            </a>
            <a className="btn btn-secondary" href="./" data-testid="welcome-playground">
              {t('welcome.playground')}
            </a>
          </div>
          <p className="muted small">{t('welcome.playgroundHelp')}</p>
        </section>
        <section aria-labelledby="welcome-stories">
          <h2 id="welcome-stories">{t('welcome.stories')}</h2>
          <StoryList />
        </section>
      </main>
    </div>
  );
}
