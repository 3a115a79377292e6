// Keeps the address bar equal to the scenario (history.replaceState, throttled: a dragged
// number would otherwise write the URL dozens of times a second), so copying the URL at any
// moment shares exactly what is on screen.
import { useEffect, useMemo } from 'react';
import type { Lang } from '../i18n';
import type { JsonObject } from '../scenario/paths';
import { encodeScenario, type CodecContext } from '../scenario/urlCodec';

const WRITE_DELAY_MS = 250;

/** The query string for a scenario, carrying page options (embed flags) and the language. */
export function scenarioSearch(scenario: JsonObject, preset: string, codec: CodecContext, lang: Lang, page: Record<string, string> = {}): string {
  const params = encodeScenario(scenario, preset, codec);
  for (const [key, value] of Object.entries(page)) params.set(key, value);
  if (lang !== 'en') params.set('lang', lang);
  // Commas and colons are safe in a query and keep lists readable ("spans=1g,2g").
  return params.toString().replace(/%2C/gi, ',').replace(/%3A/gi, ':');
}

/** Embed options in the current address, kept when the scenario part is rewritten. */
export function pageOptions(search: string): Record<string, string> {
  const params = new URLSearchParams(search);
  const out: Record<string, string> = {};
  for (const key of ['embed', 'chart', 'controls']) {
    const value = params.get(key);
    if (value !== null) out[key] = value;
  }
  return out;
}

export function useUrlSync(scenario: JsonObject | null, preset: string, codec: CodecContext | null, lang: Lang): string | null {
  const search = useMemo(
    () => (scenario && codec && preset ? scenarioSearch(scenario, preset, codec, lang, pageOptions(location.search)) : null),
    [scenario, preset, codec, lang],
  );
  useEffect(() => {
    if (search === null) return;
    const timer = setTimeout(() => {
      if (location.search !== `?${search}`) history.replaceState(history.state, '', `${location.pathname}?${search}${location.hash}`);
    }, WRITE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  return search;
}
