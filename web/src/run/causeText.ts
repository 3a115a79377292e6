// How a latency and a cause read on the cards: in the unit that suits its size (ns below a
// microsecond, µs below a millisecond, ms below a second, s above), four significant digits at
// most (three for ns, where a fraction says nothing: "62.1 ns", not "0.06209 µs"); a cause by
// its id, translated (one the page does not know yet by its id).
import type { I18n, Lang, MessageKey } from '../i18n';
import { withUnit } from '../i18n/units';
import { en } from '../i18n/en';

export function latencyText(us: number, lang: Lang, locale: string): string {
  if (us > 0 && us < 1) return `${(us * 1000).toLocaleString(locale, { maximumSignificantDigits: 3 })} ns`;
  const unit = us >= 1e6 ? 's' : us >= 1000 ? 'ms' : 'us';
  const value = us / (unit === 's' ? 1e6 : unit === 'ms' ? 1000 : 1);
  return withUnit(lang, value.toLocaleString(locale, { maximumSignificantDigits: 4 }), unit);
}

export function causeName(t: I18n['t'], id: string): string {
  const key = `cause.${id}`;
  return Object.hasOwn(en, key) ? t(key as MessageKey) : id;
}

/** µs per unit of a latency axis (the trace is in ms). */
export const US_PER_UNIT: Readonly<Record<string, number>> = { us: 1, ms: 1e3, s: 1e6 };
