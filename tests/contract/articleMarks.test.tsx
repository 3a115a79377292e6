// An article figure on the page, against the real engine: article 004's members (and article
// 000's read figure, which has a value the engine does not follow) are run as the
// compare view runs them, the engine measures the figure's values on the lines drawn (its own
// measures, through `article_values`), and the chart carries the article's numbers as marks in
// the member's colour with a table below it: the article's number, the engine's, and whether it
// follows or, where the engine is known to differ, why. In English and Japanese.
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { ArticleProvider, articleMeasurer, type ArticleMeasurer } from '../../web/src/run/useArticleValues';
import type { Pin } from '../../web/src/session/pins';
import { figureJobs } from '../../web/src/session/comparisonRuns';
import { figureOnChart, memberLines } from '../../web/src/run/articleMarks';
import { chartDefs } from '../../web/src/run/chartSpecs';
import { SeriesChartCard } from '../../web/src/charts/SeriesChartCard';
import type { ArticleEngineValue, Catalog, Figure } from '../../web/src/engine/types';
import { figureView } from '../../web/src/explain/story/stepResults';
import { I18nProvider, type Lang } from '../../web/src/i18n';
import { ARTICLE_VALUES_JA } from '../../web/src/i18n/articleValues.ja';
import { loadEngine, runCollect } from './loadEngine';

const NAME = 'article-004-cached-vs-not';
/** A figure with a value the engine is known not to follow: the table says so, and why. */
const DIFFERS = { figure: 'article-000-random-read', value: 'hmb-61-meets-off' };
let catalog: Catalog;
let measurer: ArticleMeasurer;

interface Drawn {
  figure: Figure;
  pins: Pin[];
  values: ArticleEngineValue[];
}
let drawn: Record<string, Drawn>;
let figure: Figure;
let pins: Pin[];
let values: ArticleEngineValue[];

/** Each member of figure `name` run to its end and kept as the compare view keeps it (its headline series, as a pin), and the engine's measure of the lines. */
async function draw(name: string): Promise<Drawn> {
  const figure = catalog.figures.find((f) => f.name === name)!;
  const pins: Pin[] = [];
  for (const job of figureJobs(figure)) {
    const { result, points } = await runCollect(job.scenarioJson, { blockMap: false });
    const head = chartDefs(result.series)[0].series;
    pins.push(job.make({ scenarioJson: job.scenarioJson, scenario: result.scenario, series: head.map((i) => ({ meta: result.series[i], points: Float64Array.from(points[i]) })), summary: result.summary }));
  }
  const on = figureOnChart(catalog.figures, pins)!;
  return { figure, pins, values: await measurer.measure(on.key, name, memberLines(on)) };
}

beforeAll(async () => {
  catalog = await loadEngine().catalog();
  measurer = articleMeasurer((name, lines) => loadEngine().articleValues(name, lines));
  drawn = { [NAME]: await draw(NAME), [DIFFERS.figure]: await draw(DIFFERS.figure) };
  ({ figure, pins, values } = drawn[NAME]);
}, 180_000);

/** The figure's chart as a figure link or a story step draws it: the first member's view, every member pinned. */
function render(lang: Lang, { pins } = drawn[NAME]): string {
  const view = figureView(pins);
  return renderToStaticMarkup(
    <I18nProvider initial={lang}>
      <ArticleProvider figures={catalog.figures} measurer={measurer}>
        <SeriesChartCard def={chartDefs(view.series)[0]} view={view} pins={pins} filenameBase="t" />
      </ArticleProvider>
    </I18nProvider>,
  );
}

/** The element with `attr`="`value`", up to its closing tag `tag`. */
function element(html: string, attr: string, value: string, tag: string): string {
  const at = html.indexOf(`${attr}="${value}"`);
  expect(at, `${attr}=${value}`).toBeGreaterThan(-1);
  return html.slice(html.lastIndexOf('<', at), html.indexOf(`</${tag}>`, at) + tag.length + 3);
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/\s+/g, ' ').trim();

describe('the engine measures the figure on the lines the page drew', () => {
  it('as `ssdsim articles` measures the native runs (docs/articles.md)', () => {
    const by = (id: string) => values.find((v) => v.id === id)!;
    expect(values.map((v) => v.id)).toEqual(figure.article_values.map((v) => v.id));
    // The docs' table: engine 5.33, 8.58, 1.11, 1.01, 59.5.
    expect(by('cached-4k')).toMatchObject({ in_band: true, axis: 'y' });
    expect(by('cached-4k').engine!.toFixed(2)).toBe('5.33');
    expect(by('cached-over-uncached')).toMatchObject({ in_band: true, axis: 'ratio' });
    expect(by('cached-over-uncached').engine!.toFixed(2)).toBe('8.58');
    expect(by('cached-wins-512k').engine!.toFixed(2)).toBe('1.11');
    expect(by('uncached-catches-up').engine!.toFixed(2)).toBe('1.01');
    expect(by('cached-60').engine!.toFixed(1)).toBe('59.5');
    expect(values.filter((v) => v.error !== undefined)).toEqual([]);
  });
});

describe("article 004's figure carries the article's numbers", () => {
  it("marks the article's 5.23 MB/s at 4 KiB and its 60 MB/s mean, in the cached member's colour", () => {
    const html = render('en');
    const label = element(html, 'data-ref-label', 'article-cached-4k', 'g');
    expect(text(label)).toBe('article 5.23 MB/s');
    const mean = element(html, 'data-ref-label', 'article-cached-60', 'g');
    expect(text(mean)).toBe('article 60 MB/s');
    // The cached member is the first line: its colour is the marks'.
    const line = html.slice(html.indexOf(`<g data-series="${pins[0].id}:${pins[0].series[0].meta.id}"`));
    const colour = /^<g [^>]*><path class="series-line"[^>]*stroke="(#[0-9A-Fa-f]{6})"/.exec(line)![1];
    expect(label).toContain(`fill="${colour}"`);
    // A short dashed mark at one point, a dashed segment over 256 KiB-1 MiB; ratios have no mark.
    const mark = element(html, 'data-ref', 'article-cached-4k', 'g');
    expect(mark).toContain('stroke-dasharray="4 4"');
    const [x1, x2] = [/x1="([\d.]+)"/.exec(mark)![1], /x2="([\d.]+)"/.exec(mark)![1]].map(Number);
    expect(x2 - x1).toBeGreaterThan(10);
    expect(x2 - x1).toBeLessThan(40);
    expect(html).not.toContain('data-ref="article-cached-over-uncached"');
  });

  it('tables each value: the article, the engine, follows or differs and why', () => {
    const html = render('en');
    const table = element(html, 'data-testid', 'article-values', 'table');
    expect(table).toContain('<caption>The article and this engine</caption>');
    const cached = element(table, 'data-value', 'cached-4k', 'tr');
    expect(cached).toContain('data-follows="follows"');
    expect(text(cached)).toBe('Cached 4 KB random read: 5.23 MB/s 5.23 MB/s 5.332 MB/s follows');
    const ratio = element(table, 'data-value', 'cached-over-uncached', 'tr');
    expect(text(ratio)).toBe('about 10x a normal 2.5-inch HDD (cached over a typical 5,400 rpm laptop disk at 4 KiB) 10× 8.579× follows');
    // No number in the article: a dash.
    expect(element(table, 'data-value', 'cached-wins-512k', 'tr')).toContain('<td data-key="article">–</td>');
  });

  it('reads in Japanese: the marks, the labels and the reasons', () => {
    const html = render('ja');
    expect(text(element(html, 'data-ref-label', 'article-cached-4k', 'g'))).toBe('記事 5.23 MB/s');
    const table = element(html, 'data-testid', 'article-values', 'table');
    expect(table).toContain('<caption>記事とこのエンジン</caption>');
    const ja = ARTICLE_VALUES_JA[NAME];
    expect(text(element(table, 'data-value', 'cached-4k', 'tr'))).toContain(ja['cached-4k'].label);
  });

  it('says where the engine differs, and why, in English and Japanese', () => {
    const { figure } = drawn[DIFFERS.figure];
    const why = figure.article_values.find((v) => v.id === DIFFERS.value)!.differs!;
    expect(drawn[DIFFERS.figure].values.find((v) => v.id === DIFFERS.value)).toMatchObject({ in_band: false });
    const row = (lang: Lang) => element(element(render(lang, drawn[DIFFERS.figure]), 'data-testid', 'article-values', 'table'), 'data-value', DIFFERS.value, 'tr');
    expect(row('en')).toContain('data-follows="differs"');
    expect(text(row('en'))).toContain(`differs: ${why}`);
    const ja = row('ja');
    expect(text(ja)).toContain(`相違：${ARTICLE_VALUES_JA[DIFFERS.figure][DIFFERS.value].differs}`);
    expect(ja).not.toContain(why);
  });

  it('waits for the engine before it says anything about the engine', () => {
    const view = figureView(pins);
    const html = renderToStaticMarkup(
      <I18nProvider initial="en">
        <ArticleProvider figures={catalog.figures} measurer={articleMeasurer(() => new Promise(() => {}))}>
          <SeriesChartCard def={chartDefs(view.series)[0]} view={view} pins={pins} filenameBase="t" />
        </ArticleProvider>
      </I18nProvider>,
    );
    const table = element(html, 'data-testid', 'article-values', 'table');
    expect(text(element(table, 'data-value', 'cached-4k', 'tr'))).toBe('Cached 4 KB random read: 5.23 MB/s 5.23 – measuring…');
    // The marks are the article's own numbers: drawn at once.
    expect(html).toContain('data-ref-label="article-cached-4k"');
  });
});
