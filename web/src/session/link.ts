// The link: the query string that reproduces what is on screen (the scenario as a diff from its
// preset, the comparison, the language), and the throttled writer that keeps the address bar
// equal to it (history.replaceState).
import type { Lang } from '../i18n';
import type { JsonObject } from '../scenario/paths';
import { encodeScenario, type CodecContext } from '../scenario/urlCodec';
import { syncOembedLink } from './oembed';

const WRITE_DELAY_MS = 250;

/**
 * The query string for a scenario, carrying page options (embed flags), the comparison on the
 * chart (`figure=`, repeated `pin=`: pinCodec.ts) and the language.
 */
export function scenarioSearch(scenario: JsonObject, preset: string, codec: CodecContext, lang: Lang, page: Record<string, string> = {}, comparison: readonly [string, string][] = []): string {
  const params = encodeScenario(scenario, preset, codec);
  for (const [key, value] of Object.entries(page)) params.set(key, value);
  for (const [key, value] of comparison) params.append(key, value);
  if (lang !== 'en') params.set('lang', lang);
  return readableQuery(params);
}

/** Commas, colons and tildes are safe in a query and keep lists and pins readable ("spans=1g,2g", "pin=bg4-like~seed:2"). */
export function readableQuery(params: URLSearchParams): string {
  return params.toString().replace(/%2C/gi, ',').replace(/%3A/gi, ':').replace(/%7E/gi, '~');
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

/**
 * Writes the address bar a moment after the last change (a dragged number would otherwise
 * write it dozens of times a second), so copying the URL at any moment shares what is on screen.
 */
export function urlWriter(): { write(search: string | null): void; dispose(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    write(search) {
      clearTimeout(timer);
      if (search === null) return;
      timer = setTimeout(() => {
        if (location.search !== `?${search}`) history.replaceState(history.state, '', `${location.pathname}?${search}${location.hash}`);
        // oEmbed consumers need absolute URLs: the discovery link names this exact page.
        syncOembedLink(new URL('.', location.href).href, location.href);
      }, WRITE_DELAY_MS);
    },
    dispose: () => clearTimeout(timer),
  };
}
