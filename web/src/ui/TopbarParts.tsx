// What every page's top bar shares: the brand (a link home) and the language switch.
import { useI18n, type Lang } from '../i18n';
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
