// Where the cursor is, said in the chart's own unit: "at 37.5 GB written", "at 12 s",
// "at operation 5,000", or a phase point's x with its axis ("at Access span 8 GiB").
import type { Lang, MessageKey, Vars } from '../../i18n';
import { withUnit } from '../../i18n/units';
import { formatValue } from '../../run/format';
import type { NamedAxis } from './useDriveCursor';

type T = (key: MessageKey, vars?: Vars) => string;

export function cursorCaption(t: T, lang: Lang, locale: string, axis: NamedAxis, x: number): string {
  const value = withUnit(lang, formatValue(Number(x.toPrecision(3)), locale), axis.unit);
  if (axis.id === 'time') return t('drive.at.time', { x: value });
  if (axis.id === 'data_written') return t('drive.at.data_written', { x: value });
  if (axis.id === 'operation') return t('drive.at.operation', { x: formatValue(Math.round(x), locale) });
  // A named position (a benchmark's test) reads by its name; an axis name mid-sentence in lower case ("at round 4").
  const name = /^\p{Lu}\p{Ll}/u.test(axis.name) ? axis.name[0].toLowerCase() + axis.name.slice(1) : axis.name;
  const named = axis.categories?.[Math.round(x)];
  return t('drive.at.point', { axis: name, x: named ?? value });
}

/** A share 0..1 as "42 %" (one decimal under 10 %; a trace that would round to zero says "<0.1 %"). */
export function percentText(share: number, locale: string): string {
  const p = share * 100;
  if (p > 0 && p < 0.05) return `<${(0.1).toLocaleString(locale)} %`;
  return `${p.toLocaleString(locale, { maximumFractionDigits: p > 0 && p < 10 ? 1 : 0 })} %`;
}
