// How a latency and a cause read on the cards: µs below a millisecond, ms above, four
// significant digits; a cause by its id, translated (one the page does not know yet by its id).
import type { I18n, Lang, MessageKey } from '../i18n';
import { withUnit } from '../i18n/units';
import { en } from '../i18n/en';

export function latencyText(us: number, lang: Lang, locale: string): string {
  const ms = us >= 1000;
  const value = ms ? us / 1000 : us;
  return withUnit(lang, value.toLocaleString(locale, { maximumSignificantDigits: 4 }), ms ? 'ms' : 'us');
}

export function causeName(t: I18n['t'], id: string): string {
  const key = `cause.${id}`;
  return Object.hasOwn(en, key) ? t(key as MessageKey) : id;
}

/** µs per unit of a latency axis (the trace is in ms). */
export const US_PER_UNIT: Readonly<Record<string, number>> = { us: 1, ms: 1e3, s: 1e6 };
