// The built pages' start script (issue 44, a step opened cold): a story link asks for the
// catalogue, the index and the linked step's run files at once, from the file list the build wrote
// into the script (no wait for the index), and preloads the story page's chunks; other addresses
// ask for nothing. Run here as the page runs it: the script's own text, evaluated alone.
import { describe, expect, it } from 'vitest';
import { earlyScript, storyChunks } from '../../scripts/vite-story-runs';
import { EARLY_FETCH_GLOBAL, type EarlyStoryFetch } from '../../web/src/explain/story/shippedFiles';
import type { Rollup } from 'vite';

const STEPS = { 'article-001/finding': ['a.json', 'b.json'], 'article-001/slc-cache': ['c.json'], 'nand-101/steady-state': ['d.json'] };

interface Page {
  asked: string[];
  preloaded: string[];
  early: EarlyStoryFetch | undefined;
}

/** Evaluates the start script at `search` with a fetch that never answers the index (the files must not wait for it). */
async function open(search: string, stepFiles: Record<string, string[]> | null): Promise<Page> {
  const asked: string[] = [];
  const preloaded: string[] = [];
  const win: Record<string, unknown> = {};
  const fetch = (url: string) => {
    asked.push(url);
    return url.endsWith('index.json') ? new Promise(() => {}) : Promise.resolve({ ok: true, url });
  };
  const document = { createElement: () => ({}), head: { appendChild: (link: { rel: string; href: string }) => preloaded.push(`${link.rel} ${link.href}`) } };
  // The script's text, as the built page runs it, with this page's globals.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the point: the text runs alone
  new Function('location', 'fetch', 'document', 'window', earlyScript(['./assets/StoryApp-x.js'], stepFiles))({ search }, fetch, document, win);
  const early = win[EARLY_FETCH_GLOBAL] as EarlyStoryFetch | undefined;
  if (early) await Promise.race([early.files, new Promise((r) => setTimeout(r, 50))]);
  return { asked, preloaded, early };
}


describe('the start script of a built page', () => {
  it("asks for a linked step's files at once, from the list the build wrote", async () => {
    const page = await open('?story=article-001&step=slc-cache&lang=ja', STEPS);
    expect(page.asked.sort()).toEqual(['story-runs/c.json', 'story-runs/catalog.json', 'story-runs/index.json']);
    expect(page.preloaded).toEqual(['modulepreload ./assets/StoryApp-x.js']);
    expect(Object.keys(await page.early!.files)).toEqual(['c.json']);
  });

  it("asks for the story's first step's files when the link names no step", async () => {
    const page = await open('?story=article-001', STEPS);
    expect(page.asked).toContain('story-runs/a.json');
    expect(page.asked).toContain('story-runs/b.json');
    expect(page.asked).not.toContain('story-runs/c.json');
  });

  it('asks for nothing on the playground, and only for the code on the list of stories', async () => {
    expect(await open('', STEPS)).toMatchObject({ asked: [], preloaded: [], early: undefined });
    expect(await open('?preset=bg4-like', STEPS)).toMatchObject({ asked: [], preloaded: [], early: undefined });
    const list = await open('?story=', STEPS);
    expect(list.asked).toEqual([]);
    expect(list.preloaded).toHaveLength(1);
  });

  it('waits for the index when the build wrote no list', async () => {
    const page = await open('?story=article-001&step=slc-cache', null);
    expect(page.asked.sort()).toEqual(['story-runs/catalog.json', 'story-runs/index.json']);
  });
});

describe("the story page's chunks", () => {
  const chunk = (fileName: string, imports: string[], more: Partial<Rollup.OutputChunk> = {}) => ({ type: 'chunk', fileName, imports, isEntry: false, isDynamicEntry: false, facadeModuleId: null, ...more });
  const bundle = {
    main: chunk('assets/main-1.js', ['assets/react-1.js'], { isEntry: true }),
    react: chunk('assets/react-1.js', []),
    story: chunk('assets/StoryApp-1.js', ['assets/main-1.js', 'assets/charts-1.js'], { isDynamicEntry: true, facadeModuleId: '/w/web/src/explain/story/StoryApp.tsx' }),
    charts: chunk('assets/charts-1.js', ['assets/react-1.js']),
    app: chunk('assets/App-1.js', ['assets/charts-1.js'], { isDynamicEntry: true, facadeModuleId: '/w/web/src/app/App.tsx' }),
  } as unknown as Rollup.OutputBundle;

  it('are the story chunk and what it imports, not the entry nor what the page loads itself', () => {
    expect(storyChunks(bundle, '<script src="./assets/react-1.js"></script>').sort()).toEqual(['./assets/StoryApp-1.js', './assets/charts-1.js']);
  });
});
