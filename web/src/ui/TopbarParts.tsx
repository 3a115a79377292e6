// What every page's top bar shares: the brand (a link home), links to the page's views and the
// language switch.
import { useI18n, type Lang, type MessageKey } from '../i18n';
import { Segmented } from './Segmented';

export function Brand({ href, label, tagline }: { href: string; label: string; tagline: string }) {
  const { t } = useI18n();
  return (
    <a className="brand" href={href} aria-label={label}>
      <img src="favicon.svg" alt="" width={32} height={32} />
      <div>
        <h1>{t('app.title')}</h1>
        <p className="muted">{tagline}</p>
      </div>
    </a>
  );
}

/** The page's three views: where each lives and what its link says. */
const VIEWS = {
  playground: { href: './', label: 'story.playground' },
  stories: { href: './?story=', label: 'story.list' },
  drives: { href: './?drives', label: 'gallery.nav' },
} as const satisfies Record<string, { href: string; label: MessageKey }>;

/** A top bar's link to one of the page's views. */
export function ViewLink({ view }: { view: keyof typeof VIEWS }) {
  const { t } = useI18n();
  return (
    <a className="btn btn-ghost" href={VIEWS[view].href} data-testid={`nav-${view}`}>
      {t(VIEWS[view].label)}
    </a>
  );
}

export function LanguageSwitch() {
  const { t, lang, setLang } = useI18n();
  return (
    <Segmented<Lang>
      label={t('app.language')}
      value={lang}
      onChange={setLang}
      options={[
        { value: 'en', label: 'EN' },
        { value: 'ja', label: '日本語' },
      ]}
      testId="lang"
    />
  );
}
