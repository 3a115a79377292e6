// Under an article figure's chart: each number the article states beside the engine's measure of
// the same thing on the lines drawn above, and whether the engine follows the article or, where
// it is known not to, why. The same table as docs/articles.md, for the figure on screen.
import type { ArticleValuesOnChart } from '../run/useArticleValues';
import type { ArticleEngineValue, ArticleValue } from '../engine/types';
import type { CSSProperties } from 'react';
import { useI18n, type I18n } from '../i18n';
import { articleValueText } from '../i18n/engineText';
import { articleNumber, measureMembers, sourceOf, type NumberFormat } from '../run/articleMarks';
import { formatValue } from '../run/format';

interface Props {
  on: ArticleValuesOnChart;
  /** The chart's units, so a number here reads as the axis beside it does. */
  format: NumberFormat;
  colorOf(member: string): string | null;
}

const DASH = '–';

export function ArticleTable({ on, format, colorOf }: Props) {
  const { t, lang } = useI18n();
  const { figure, results, failed } = on;
  // The five articles say "the article"; another public source (CacheLib) is named.
  const named = sourceOf(figure);
  const source = named ?? t('article.article');
  // A reason given in a row above is not written again (two rows that differ for one cause).
  const given = new Set<string>();
  return (
    <table className="group-table article-values" data-testid="article-values" data-figure={figure.name} style={columnNames(source, t('article.engine'))}>
      <caption>{named ? t('article.titleFrom', { source: named }) : t('article.title')}</caption>
      <thead>
        <tr>
          <th scope="col">{named ? t('article.valueFrom', { source: named }) : t('article.value')}</th>
          <th scope="col">{source}</th>
          <th scope="col">{t('article.engine')}</th>
          <th scope="col">{t('article.verdict')}</th>
        </tr>
      </thead>
      <tbody>
        {figure.article_values.map((v) => {
          const r = results?.find((e) => e.id === v.id) ?? null;
          const text = articleValueText(lang, figure.name, v);
          const color = colorOf(measureMembers(v.measure)[0]);
          const verdict = onceEach(verdictOf(v, r, t, text.differs, failed), text.differs, given, t);
          // The unit comes with the engine's answer (which axis the measure is on): until then, the bare number.
          return (
            <tr key={v.id} data-value={v.id} data-follows={verdict.kind}>
              <th scope="row">
                {color && <span className="legend-swatch" style={{ background: color }} aria-hidden="true" />} {text.label}
              </th>
              <td data-key="article">{v.article === undefined ? DASH : r ? articleNumber(v.article, r.axis, format) : formatValue(v.article, format.locale)}</td>
              <td data-key="engine" title={r?.error}>
                {r?.engine !== undefined ? articleNumber(r.engine, r.axis, format) : DASH}
              </td>
              <td data-key="verdict" className={`article-verdict ${verdict.kind}`}>
                {verdict.text}
              </td>
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        <tr>
          <td colSpan={4} className="muted small">
            {t('article.caption')}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

/** The column heads as CSS strings: a phone, where the heads are hidden, prints them before each number (chart.css). */
function columnNames(article: string, engine: string): CSSProperties {
  return { '--article-label': JSON.stringify(`${article}: `), '--engine-label': JSON.stringify(`${engine}: `) } as CSSProperties;
}

type Verdict = { kind: 'follows' | 'differs' | 'outside' | 'unexpected' | 'pending'; text: string };

/** A "differs" whose reason a row above already gave says so instead of repeating it. */
function onceEach(verdict: Verdict, why: string | undefined, given: Set<string>, t: I18n['t']): Verdict {
  if (verdict.kind !== 'differs' || !why) return verdict;
  const repeat = given.has(why);
  given.add(why);
  return repeat ? { kind: 'differs', text: t('article.differsAbove') } : verdict;
}

/** In band and not stated to differ: follows; out of band with a stated reason: differs, and why. */
function verdictOf(v: ArticleValue, r: ArticleEngineValue | null, t: I18n['t'], differs: string | undefined, failed: boolean): Verdict {
  if (!r) return { kind: 'pending', text: failed ? DASH : t('article.measuring') };
  if (r.engine === undefined) return { kind: 'pending', text: DASH };
  if (r.in_band) return v.differs ? { kind: 'unexpected', text: t('article.unexpected') } : { kind: 'follows', text: t('article.follows') };
  return differs ? { kind: 'differs', text: t('article.differs', { why: differs }) } : { kind: 'outside', text: t('article.outside') };
}
