// The "Real drives" view in a real browser (issue 47): one card per drive of the engine's
// gallery, each value's public number beside the engine's (measured in the page's worker), a
// card's own link and embed, and "Open in the playground" loading the protocol's run.
import { describe, expect, inject, it } from 'vitest';
import { artifacts, browserPerFile, waitForRun } from './app';

const session = browserPerFile();

describe('real drives', () => {
  it('shows at least six drives, each value public beside engine, measured in the browser', async () => {
    const { page, browser } = session;
    await page.goto(`${inject('baseUrl')}?drives`, { waitUntil: 'load' });
    const cards = page.locator('[data-testid^="gallery-card-"]');
    await cards.first().waitFor({ timeout: 60_000 });
    expect(await cards.count()).toBeGreaterThanOrEqual(6);
    // Every value gets its engine number (the drives are measured in turn, a few seconds each).
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="gallery-verdict"]').length === document.querySelectorAll('[data-testid^="gallery-value-"]').length, undefined, {
      timeout: 120_000,
    });
    const values = await page.locator('[data-testid^="gallery-value-"]').evaluateAll((rows) =>
      rows.map((r) => ({
        public: r.querySelector('[data-testid="gallery-public"]')?.textContent ?? '',
        engine: r.querySelector('[data-testid="gallery-engine"]')?.textContent ?? '',
        verdict: r.querySelector('[data-testid="gallery-verdict"]')?.getAttribute('data-verdict'),
        mark: r.querySelectorAll('[data-testid="gallery-bar-public"]').length,
      })),
    );
    expect(values.length).toBeGreaterThanOrEqual(6);
    for (const v of values) {
      expect(v.public).toMatch(/\d/);
      expect(v.engine).toMatch(/\d/);
      expect(v.mark).toBe(1);
      // The engine's test holds every value to its verdict: the page shows no mismatch.
      expect(['within', 'differs']).toContain(v.verdict);
    }
    // The 660p's SLC cache: public 76 GB, the engine's within ±20 %.
    const cache = page.getByTestId('gallery-card-660p-like').getByTestId('gallery-value-cache-size');
    await expect(cache.getByTestId('gallery-public').textContent()).resolves.toBe('76.0 GB');
    await expect(cache.getByTestId('gallery-verdict').getAttribute('data-verdict')).resolves.toBe('within');
    // Linkable and embeddable.
    const card = page.getByTestId('gallery-card-bg4-like');
    await expect(card.getByTestId('gallery-link').getAttribute('href')).resolves.toBe('./?drives#bg4-like');
    await card.getByTestId('gallery-embed').click();
    await expect(card.getByTestId('gallery-embed-code').inputValue()).resolves.toContain('?drives=bg4-like&amp;embed=1');
    await page.screenshot({ path: `${artifacts}gallery.png`, fullPage: false });
    expect(browser.problems).toEqual([]);
  });

  it('an embedded card shows that drive alone', async () => {
    const { page } = session;
    await page.goto(`${inject('baseUrl')}?drives=900p-like&embed=1`, { waitUntil: 'load' });
    await page.getByTestId('gallery-card-900p-like').getByTestId('gallery-verdict').first().waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-testid^="gallery-card-"]').count()).toBe(1);
    await expect(page.locator('.topbar').count()).resolves.toBe(0);
  });

  it('“Open in the playground” loads the preset with the protocol’s workload', async () => {
    const { page, browser } = session;
    await page.goto(`${inject('baseUrl')}?drives#660p-like`, { waitUntil: 'load' });
    const open = page.getByTestId('gallery-card-660p-like').getByTestId('gallery-value-cache-size').getByTestId('gallery-open');
    await open.waitFor({ timeout: 60_000 });
    await open.click();
    await page.waitForURL(/preset=660p-like/);
    await expect(page.getByTestId('preset-select').inputValue()).resolves.toBe('660p-like');
    // The reviewer's protocol: a whole-drive write of the empty drive, 1 MiB at QD1.
    await waitForRun(page, (s) => s.workload.kind === 'whole_drive_write' && s.workload.bs === 1048576 && s.workload.iodepth === 1 && s.precondition.fill_percent === 0, 0, 120_000);
    expect(browser.problems).toEqual([]);
  });
});
