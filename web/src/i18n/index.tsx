// English and Japanese UI text: a typed dictionary (the Japanese table must have every English
// key, or the build fails) plus translations of what the engine names (knobs, series, presets).
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { en, type MessageKey } from './en';
import { ja } from './ja';

export type Lang = 'en' | 'ja';
export const LANGS: Lang[] = ['en', 'ja'];
const TABLES: Record<Lang, Record<MessageKey, string>> = { en, ja };
const STORAGE_KEY = 'ssd-playground:lang';

export type Vars = Record<string, string | number>;

/** Fills `{name}` placeholders; values are text, rendered by React (never as markup). */
export function format(template: string, vars?: Vars): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(vars, name) ? String(vars[name]) : whole));
}

export function translate(lang: Lang, key: MessageKey, vars?: Vars): string {
  return format(TABLES[lang][key] ?? en[key], vars);
}

export function isLang(value: unknown): value is Lang {
  return value === 'en' || value === 'ja';
}

/** The language to start in: the link's `lang`, then the last choice, then the browser's. */
export function initialLang(search: string, stored: string | null, navigatorLang: string): Lang {
  const fromUrl = new URLSearchParams(search).get('lang');
  if (isLang(fromUrl)) return fromUrl;
  if (isLang(stored)) return stored;
  return navigatorLang.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

export interface I18n {
  lang: Lang;
  setLang(lang: Lang): void;
  t(key: MessageKey, vars?: Vars): string;
  /** Locale for number formatting. */
  locale: string;
}

const I18nContext = createContext<I18n | null>(null);

function readStored(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** `initial` fixes the language (tests, server rendering); otherwise the page decides. */
export function I18nProvider({ children, initial }: { children: ReactNode; initial?: Lang }) {
  const [lang, setLangState] = useState<Lang>(() => initial ?? initialLang(location.search, readStored(), navigator.language ?? 'en'));
  const setLang = useCallback((next: Lang) => {
    setLangState(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // private mode: the choice lasts for this page only
    }
  }, []);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  const value = useMemo<I18n>(
    () => ({ lang, setLang, t: (key, vars) => translate(lang, key, vars), locale: lang === 'ja' ? 'ja-JP' : 'en-US' }),
    [lang, setLang],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const ctx = useContext(I18nContext);
  if (!ctx) throw new Error('useI18n outside I18nProvider');
  return ctx;
}

export type { MessageKey };
