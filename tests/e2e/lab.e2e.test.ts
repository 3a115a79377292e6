// The NAND lab in a real browser, driven by the real wasm engine in its own worker: it renders
// an erased drive, stepping and playing advance the counters, pause stops them, random writes
// make GC pick a victim, copy and erase it, a read shows its L2P lookup, the keyboard works,
// reduced motion drops the tweening but keeps stepping, and the page stays in step with the
// engine throughout. Screenshots at laptop and phone sizes, in English and Japanese.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { artifacts } from './app';
import { openBrowser, type Browser } from './browser';

let browser: Browser;
let page: Page;

const lab = () => page.getByTestId('nand-lab');
const counter = async (id: string) => Number(await lab().locator(`[data-counter="${id}"]`).getAttribute('data-value'));
const kind = () => lab().getByTestId('lab-narration').getAttribute('data-kind');

async function openLab(url: string) {
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('[data-testid="nand-lab"][data-status="ready"]', { timeout: 60_000 });
}

/** Steps event by event (→) until the narration shows each kind wanted; returns how many steps. */
async function stepUntil(kinds: string[], max: number): Promise<number> {
  const seen = new Set<string>();
  for (let i = 0; i < max; i++) {
    const serial = await lab().getByTestId('lab-narration').getAttribute('data-serial');
    await page.keyboard.press('ArrowRight');
    // A step may wait on the worker: the next event has shown once the serial moves.
    await page.waitForFunction((s) => document.querySelector('[data-testid="lab-narration"]')?.getAttribute('data-serial') !== s, serial);
    const k = await kind();
    if (k) seen.add(k);
    if (kinds.every((x) => seen.has(x))) return i + 1;
  }
  throw new Error(`saw only ${[...seen].join(', ')}`);
}

beforeAll(async () => {
  browser = await openBrowser();
  page = browser.page;
  await page.setViewportSize({ width: 1280, height: 800 });
  await openLab(`${inject('baseUrl')}?preset=tlc-random-read&lang=en#nand-lab`);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('the NAND lab', () => {
  it('renders an erased drive: every page free, counters at zero', async () => {
    const blocks = await lab().locator('[data-block]').count();
    expect(blocks).toBe(12);
    await expect(lab().locator('[data-slot]').count()).resolves.toBe(12 * 8);
    await expect(lab().locator('[data-slot][data-state="free"]').count()).resolves.toBe(12 * 8);
    expect(await counter('host_writes')).toBe(0);
    await expect(lab().locator('.lab-l2p-cell').count()).resolves.toBeGreaterThan(40);
    await lab().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${artifacts}lab-laptop-en-empty.png` });
  });

  it('offers the GC policies in the engine’s own words, and a new policy starts a fresh drive', async () => {
    const select = page.getByTestId('lab-gcPolicy');
    // The engine's words come with its catalogue, which may still be on its way (the ids show until then).
    await expect.poll(() => select.locator('option').allTextContents(), { timeout: 30_000 }).toEqual(['Greedy (fewest valid)', 'FIFO (oldest first)', 'Cost-benefit']);
    await select.selectOption('fifo');
    await expect(select.inputValue()).resolves.toBe('fifo');
    await page.waitForFunction(() => document.querySelector('[data-counter="host_writes"]')?.getAttribute('data-value') === '0');
    await select.selectOption('greedy');
    // The drive is opened again in the worker: every page erased once it is drawn.
    await expect.poll(() => lab().locator('[data-slot][data-state="free"]').count()).toBe(12 * 8);
  });

  it('step shows one event; whole command finishes a host write', async () => {
    await lab().getByTestId('lab-step').click();
    await page.waitForFunction(() => document.querySelector('[data-counter="host_writes"]')?.getAttribute('data-value') === '1');
    expect(await kind()).toBe('program');
    await expect(lab().locator('[data-slot][data-state="valid"]').count()).resolves.toBe(1);
    for (let i = 0; i < 5; i++) await lab().getByTestId('lab-step-command').click();
    await page.waitForFunction(() => document.querySelector('[data-counter="host_writes"]')?.getAttribute('data-value') === '6');
    expect(await counter('nand_writes')).toBeGreaterThanOrEqual(6);
  });

  it('play animates and pause stops', async () => {
    await lab().getByTestId('lab-speed').locator('[data-value="fast"]').click();
    const before = await counter('host_writes');
    await lab().getByTestId('lab-play').click();
    await page.waitForFunction((n) => Number(document.querySelector('[data-counter="host_writes"]')?.getAttribute('data-value')) >= n + 5, before, { timeout: 15_000 });
    await lab().getByTestId('lab-play').click();
    await expect(lab().getAttribute('data-playing')).resolves.toBe('false');
    const paused = await counter('host_writes');
    await page.waitForTimeout(1_200);
    expect(await counter('host_writes')).toBe(paused);
  });
});

describe('the NAND lab: GC, reads and the keyboard', () => {
  it('under random writes GC picks a victim, copies its valid pages and erases it', async () => {
    await lab().focus();
    // Fill the drive command by command until GC has worked once, then watch the next GC event by event.
    // One command at a time: a key pressed before the last command is drawn would still be
    // playing when the counts below are read.
    for (let i = 0; i < 200 && (await counter('erases')) === 0; i++) {
      const writes = await counter('host_writes');
      await page.keyboard.press('Shift+ArrowRight');
      await page.waitForFunction((n) => Number(document.querySelector('[data-counter="host_writes"]')?.getAttribute('data-value')) > n, writes);
    }
    expect(await counter('erases')).toBeGreaterThan(0);
    const erasesBefore = await counter('erases');
    await stepUntil(['victim'], 800);
    const victim = lab().locator('[data-block][data-role="victim"]');
    await expect(victim.count()).resolves.toBe(1);
    const narration = (await lab().getByTestId('lab-narration').textContent())!;
    expect(narration).toMatch(/GC picked block \d+ \(\d+ valid pages\)/);
    await page.screenshot({ path: `${artifacts}lab-laptop-en-gc.png` });
    const valid = Number(/\((\d+) valid/.exec(narration)![1]);
    if (valid > 0) {
      // A copy flies from the victim's page to its new page.
      await stepUntil(['program'], 5);
      await expect(lab().getByTestId('lab-narration').textContent()).resolves.toMatch(/^GC copies logical page \d+ into block \d+, page \d+/);
      await expect(lab().locator('.lab-flying').count()).resolves.toBe(1);
    }
    await stepUntil(['erase'], 200);
    expect(await counter('erases')).toBe(erasesBefore + 1);
    expect(await counter('waf')).toBeGreaterThanOrEqual(1);
    await expect(lab().getAttribute('data-consistent')).resolves.toBe('true');
  });

  it('a read shows the L2P lookup of the chosen logical page', async () => {
    const cell = lab().locator('[data-slot][data-state="valid"]').first();
    const unit = Number(await cell.getAttribute('data-unit'));
    const slot = Number(await cell.getAttribute('data-slot'));
    await lab().locator(`.lab-l2p-cell[data-unit="${unit}"]`).click();
    await lab().getByTestId('lab-speed').locator('[data-value="slow"]').click();
    await lab().getByTestId('lab-read').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="lab-narration"]')?.getAttribute('data-kind') === 'lookup');
    const [block, pageNo] = [Math.floor(slot / 8), slot % 8];
    await expect(lab().getByTestId('lab-l2p-entry').textContent()).resolves.toBe(`Logical page ${unit} → block ${block}, page ${pageNo}`);
    await expect(lab().locator('.lab-l2p-cell.lookup').getAttribute('data-unit')).resolves.toBe(String(unit));
    await expect(lab().locator('.lab-ring-read').count()).resolves.toBe(1);
    await expect(lab().getByTestId('lab-callout').textContent()).resolves.toBe(`L${unit}`);
    await page.screenshot({ path: `${artifacts}lab-laptop-en-lookup.png` });
    // The read plays out (lookup, then the flash read) and the player stops by itself.
    await page.waitForFunction(() => document.querySelector('[data-testid="nand-lab"]')?.getAttribute('data-playing') === 'false', null, { timeout: 10_000 });
    expect(await counter('host_reads')).toBe(1);
  });

  it('works from the keyboard: space plays and pauses, → steps, T trims the chosen page', async () => {
    await lab().focus();
    await page.keyboard.press('Space');
    await expect(lab().getAttribute('data-playing')).resolves.toBe('true');
    await page.keyboard.press('Space');
    await expect(lab().getAttribute('data-playing')).resolves.toBe('false');
    const unit = await lab().locator('.lab-l2p-cell.selected').getAttribute('data-unit');
    await page.waitForFunction((u) => document.querySelector(`.lab-l2p-cell[data-unit="${u}"]`)?.classList.contains('mapped'), unit);
    await lab().focus();
    await page.keyboard.press('t');
    await page.waitForFunction((u) => !document.querySelector(`.lab-l2p-cell[data-unit="${u}"]`)?.classList.contains('mapped'), unit, { timeout: 10_000 });
    await expect(lab().getByTestId('lab-l2p-entry').textContent()).resolves.toMatch(/not mapped/);
    const writes = await counter('nand_writes');
    await page.keyboard.press('Shift+ArrowRight');
    await page.waitForFunction((n) => Number(document.querySelector('[data-counter="nand_writes"]')?.getAttribute('data-value')) > n, writes);
  });
});

describe('the NAND lab: reduced motion, phones and Japanese', () => {
  it('with reduced motion nothing tweens, and stepping still works', async () => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.waitForSelector('[data-testid="nand-lab"][data-reduced-motion="true"]');
    await lab().focus();
    const writes = await counter('host_writes');
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('ArrowRight');
      await expect(lab().locator('.lab-flying').count()).resolves.toBe(0);
    }
    expect(await counter('host_writes')).toBeGreaterThan(writes);
    const transition = await lab().locator('.lab-page').first().evaluate((el) => getComputedStyle(el).transitionDuration);
    // The house rule (base.css) shortens every transition to next to nothing.
    expect(parseFloat(transition)).toBeLessThan(0.001);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect(lab().getAttribute('data-consistent')).resolves.toBe('true');
  });

  it('fits a phone and reads in Japanese', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await lab().getByTestId('lab-step').click();
    const box = (await lab().getByTestId('lab-grid').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await lab().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${artifacts}lab-phone-en.png`, fullPage: false });
    await openLab(`${inject('baseUrl')}?preset=tlc-random-read&lang=ja#nand-lab`);
    await lab().focus();
    for (let i = 0; i < 90; i++) await page.keyboard.press('Shift+ArrowRight');
    await expect(lab().getByTestId('lab-narration').textContent()).resolves.toMatch(/[ぁ-んァ-ン]/);
    await lab().getByTestId('lab-grid').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${artifacts}lab-phone-ja.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await lab().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${artifacts}lab-laptop-ja.png` });
    expect(browser.problems).toEqual([]);
  });
});
