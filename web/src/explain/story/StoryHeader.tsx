// The reading pages' header: the brand (back to the story list), a way to the playground, and
// the language switch the playground's top bar uses.
import { Brand, LanguageSwitch, ViewLink } from '../../ui/TopbarParts';
import { useI18n } from '../../i18n';
import { GlossaryButton } from '../../glossary/Glossary';

export function StoryHeader() {
  const { t } = useI18n();
  return (
    <header className="topbar story-topbar">
      <Brand href="./?story=" label={t('story.list')} tagline={t('story.tagline')} />
      <nav className="top-actions" aria-label={t('app.actions')}>
        <ViewLink view="stories" />
        <ViewLink view="playground" />
        <ViewLink view="drives" />
        <GlossaryButton />
        <LanguageSwitch />
      </nav>
    </header>
  );
}
