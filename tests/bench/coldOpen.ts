// `npm run bench:cold-open`: every story step that draws a chart, opened cold from its own link in
// English and Japanese (tests/e2e/coldOpen.ts: a fresh browser context each, no service worker,
// from navigation start to the step's first drawn series), against a built site served as
// `vite preview` serves it (gzip on the fly, as a static host compresses). Prints each open,
// then the median and slowest per language beside the machine's load average. A harness, not
// a test: it fails only when a step never drew.
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { preview, type PreviewServer } from 'vite';
import { chartSteps, coldBrowser, median, overBudget, type ColdOpen, type Lang } from '../e2e/coldOpen';
import { freePort } from '../e2e/serve';

const USAGE = `usage: npm run bench:cold-open -- [--dist DIR]... [--url URL]... [--lang en|ja]... [--story ID]... [--repeat N] [--json]
  Opens every chart step of every story cold (fresh context, no service worker) and times the
  whole page load to the step's first drawn series. --dist serves a built site (default dist/)
  with vite preview; --url measures a site already served there. Two or more sites are measured
  in turn, step by step (before / after a change under the same load).`;

interface Options {
  dists: string[];
  urls: string[];
  langs: Lang[];
  stories: string[];
  repeat: number;
  json: boolean;
}

function parse(args: readonly string[]): Options {
  const o: Options = { dists: [], urls: [], langs: [], stories: [], repeat: 1, json: false };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const value = () => {
      const v = args[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--dist') o.dists.push(resolve(value()));
    else if (a === '--url') o.urls.push(value());
    else if (a === '--lang') {
      const l = value();
      if (l !== 'en' && l !== 'ja') throw new Error(`--lang: "${l}" is not en or ja`);
      o.langs.push(l);
    } else if (a === '--story') o.stories.push(value());
    else if (a === '--repeat') {
      o.repeat = Number(value());
      if (!Number.isInteger(o.repeat) || o.repeat < 1 || o.repeat > 20) throw new Error('--repeat: a count from 1 to 20');
    } else if (a === '--json') o.json = true;
    else throw new Error(`unknown argument ${a}\n${USAGE}`);
  }
  if (o.langs.length === 0) o.langs = ['en', 'ja'];
  if (o.dists.length === 0 && o.urls.length === 0) o.dists.push(fileURLToPath(new URL('../../dist', import.meta.url)));
  return o;
}

const log = (line: string) => void process.stderr.write(`${line}\n`);
const ms = (v: number | null) => (v === null || !Number.isFinite(v) ? 'never' : `${Math.round(v)} ms`);
const load = () => loadavg().map((l) => l.toFixed(2)).join(' / ');

/** The line a language's opens sum up to: median and slowest to the first line, and the load they saw. */
export function languageLine(lang: Lang, opens: readonly ColdOpen[]): string {
  const drawn = opens.map((o) => o.drawnMs ?? Infinity);
  const within = drawn.filter((d) => d <= 1000).length;
  const loads = opens.map((o) => o.load1);
  const fcp = opens.flatMap((o) => (o.fcpMs === null ? [] : [o.fcpMs]));
  return `${lang}: ${opens.length} opens, first line median ${ms(median(drawn))}, slowest ${ms(Math.max(...drawn))}, ${within} within 1 s; first contentful paint median ${ms(median(fcp))}; load average (1 min) ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}; the e2e budget: ${overBudget(opens).length === 0 ? 'holds' : `broken (${overBudget(opens).length} findings)`}`;
}

interface SiteOpen extends ColdOpen {
  site: string;
}

async function measure(o: Options, sites: readonly string[]): Promise<SiteOpen[]> {
  const steps = chartSteps().filter((s) => o.stories.length === 0 || o.stories.includes(s.story));
  const browser = await coldBrowser();
  const opens: SiteOpen[] = [];
  try {
    for (let r = 0; r < o.repeat; r++)
      for (const lang of o.langs)
        for (const step of steps)
          for (const site of sites) {
            const open = { ...(await browser.open(site, step, lang)), site };
            opens.push(open);
            const where = sites.length > 1 ? `${site} ` : '';
            log(`${where}${lang} ${step.story}/${step.step}: ${ms(open.drawnMs)} (FCP ${ms(open.fcpMs)}, ${open.requests} requests, ${(open.transferBytes / 1024).toFixed(0)} KiB) load ${open.load1.toFixed(2)}${open.problems.length ? ` PROBLEMS: ${open.problems.join('; ')}` : ''}`);
          }
  } finally {
    await browser.close();
  }
  return opens;
}

async function serve(dist: string): Promise<PreviewServer> {
  const configFile = fileURLToPath(new URL('../../vite.config.ts', import.meta.url));
  return preview({ configFile, logLevel: 'warn', build: { outDir: dist }, preview: { host: '127.0.0.1', port: await freePort(), strictPort: true, open: false } });
}

/** Returns the exit code. */
export async function main(args: string[]): Promise<number> {
  let o: Options;
  try {
    o = parse(args);
  } catch (err) {
    log(err instanceof Error ? err.message : String(err));
    return 2;
  }
  const servers = await Promise.all(o.dists.map(serve));
  try {
    const sites = [...servers.map((s) => s.resolvedUrls?.local[0] ?? ''), ...o.urls];
    o.dists.forEach((d, i) => log(`${sites[i]} serves ${d}`));
    log(`cold open of ${sites.join(', ')} on ${cpus().length} cores; load average (1 / 5 / 15 min) before: ${load()}`);
    const opens = await measure(o, sites);
    log(`load average (1 / 5 / 15 min) after: ${load()}`);
    const lines = sites.flatMap((site) => o.langs.map((lang) => `${sites.length > 1 ? `${site} ` : ''}${languageLine(lang, opens.filter((x) => x.lang === lang && x.site === site))}`));
    if (o.json) process.stdout.write(`${JSON.stringify({ cores: cpus().length, opens }, null, 1)}\n`);
    else for (const line of lines) process.stdout.write(`${line}\n`);
    return opens.some((x) => x.drawnMs === null) ? 1 : 0;
  } finally {
    await Promise.all(servers.map((s) => s.close()));
  }
}
