// The reading pages' header: the brand (back to the story list), a way to the playground, and
// the language switch the playground's top bar uses.
import { Brand, LanguageSwitch } from '../../ui/TopbarParts';
import { useI18n } from '../../i18n';
import { GlossaryButton } from '../../glossary/Glossary';

export function StoryHeader() {
  const { t } = useI18n();
  return (
    <header className="topbar story-topbar">
      <Brand href="./?story=" label={t('story.list')} tagline={t('story.tagline')} />
      <nav className="top-actions" aria-label={t('app.actions')}>
        <a className="btn btn-ghost" href="./?story=" data-testid="nav-stories">
          {t('story.list')}
        </a>
        <a className="btn btn-ghost" href="./" data-testid="nav-playground">
          {t('story.playground')}
        </a>
        <a className="btn btn-ghost" href="./?drives" data-testid="nav-drives">
          {t('gallery.nav')}
        </a>
        <GlossaryButton />
        <LanguageSwitch />
      </nav>
    </header>
  );
}
