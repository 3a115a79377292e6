// The NAND lab against the real wasm: replaying the engine's events on the page's model gives
// exactly the engine's own pages, erase counts and counters, under every workload, with trims
// and reads mixed in; the worker API batches commands and refuses bad input by field; the
// player's scripts leave the drive in the state they promise.
import { beforeAll, describe, expect, it } from 'vitest';
import type { EngineApi } from '../../web/src/engine/api';
import { EngineError } from '../../web/src/engine/errors';
import type { LabCommand, LabWorkload } from '../../web/src/engine/types';
import { engineConfigJson, type LabConfig } from '../../web/src/explain/lab/config';
import { applyEvents, createModel, decodeEvents, differences, FREE, STALE, UNMAPPED, validPages, waf, type LabModel } from '../../web/src/explain/lab/model';
import { LabPlayer } from '../../web/src/explain/lab/player';
import { loadEngine } from './loadEngine';

let api: EngineApi;
beforeAll(() => {
  api = loadEngine();
});

const config = (over: Partial<LabConfig> = {}): LabConfig => ({ blocks: 12, pagesPerBlock: 8, opPercent: 25, workload: 'random', seed: 1, ...over });

/** Runs `rounds` batches of `perBatch` commands, replaying each batch on a model. */
async function replay(cfg: LabConfig, workload: LabWorkload, rounds: number, perBatch: number) {
  const { id, layout } = await api.labOpen(engineConfigJson(cfg));
  let model = createModel(layout);
  const kinds = new Map<string, number>();
  for (let r = 0; r < rounds; r++) {
    const commands: LabCommand[] = Array.from({ length: perBatch }, () => ({ op: 'step', workload }));
    // Trims and reads in the mix: a trim unmaps, a read only looks up.
    commands.push({ op: 'trim', unit: (r * 7) % layout.logical_pages }, { op: 'read', unit: (r * 5) % layout.logical_pages });
    const batch = await api.labRun(id, commands);
    expect(batch.commandEnds.length).toBe(commands.length);
    const events = decodeEvents(batch.events);
    for (const e of events) kinds.set(e.kind, (kinds.get(e.kind) ?? 0) + 1);
    model = applyEvents(model, events);
    expect(differences(model, batch.pages, batch.eraseCounts, batch.counters), `round ${r}`).toEqual([]);
    expect(waf(model)).toBeCloseTo(batch.counters.waf, 12);
  }
  await api.labClose(id);
  return { model, kinds, layout };
}

describe('the lab model replays the engine exactly', () => {
  it('under random writes: thousands of steps, GC collects and erases', async () => {
    const { model, kinds } = await replay(config(), 'random', 40, 100);
    expect(model.hostWrites).toBe(4000);
    expect(kinds.get('victim')).toBeGreaterThan(50);
    expect(kinds.get('erase')).toBe(model.erases);
    expect(model.gcMoves).toBeGreaterThan(0);
    expect(waf(model)).toBeGreaterThan(1.2);
  });

  it('under hot-cold writes on a bigger drive with little spare', async () => {
    const { model, kinds } = await replay(config({ blocks: 20, pagesPerBlock: 16, opPercent: 10, seed: 9 }), 'hot-cold', 30, 150);
    expect(kinds.get('erase')).toBeGreaterThan(50);
    // Every L2P entry points at a page that holds that logical page.
    model.l2p.forEach((slot, unit) => {
      if (slot !== UNMAPPED) expect(model.pages[slot]).toBe(unit);
    });
  });

  it('the GC policy reaches the engine: under hot-cold writes FIFO copies more than greedy', async () => {
    // FIFO takes the oldest block whatever it holds; greedy the one with the fewest valid pages,
    // which under a skewed workload is a block of hot, quickly stale data.
    const run = async (gcPolicy: LabConfig['gcPolicy']) => waf((await replay(config({ blocks: 24, pagesPerBlock: 16, opPercent: 15, gcPolicy }), 'hot-cold', 20, 200)).model);
    const [greedy, fifo, costBenefit] = [await run('greedy'), await run('fifo'), await run('cost_benefit')];
    expect(fifo).toBeGreaterThan(greedy * 1.05);
    expect(costBenefit).toBeLessThan(fifo);
    // A policy not given is left to the engine, whose default (`lab_defaults()`) is greedy.
    expect(engineConfigJson(config())).not.toContain('gc_policy');
    expect((await api.labDefaults()).gc_policy).toBe('greedy');
    expect(await run(undefined)).toBe(greedy);
  });

  it('sequential overwrites free whole blocks: GC copies nothing (WAF 1)', async () => {
    const { model } = await replay(config({ blocks: 16, pagesPerBlock: 16 }), 'sequential', 20, 200);
    // The trims in the mix leave pages stale but never force a copy.
    expect(model.erases).toBeGreaterThan(100);
    expect(model.gcMoves).toBeLessThan(model.hostWrites / 50);
  });
});

describe('the worker API', () => {
  it('a read looks up the page holding the latest copy, or nothing when unmapped', async () => {
    const { id, layout } = await api.labOpen(engineConfigJson(config()));
    const before = decodeEvents((await api.labRun(id, [{ op: 'read', unit: 3 }])).events);
    expect(before).toEqual([{ kind: 'lookup', stream: 'host', block: UNMAPPED, page: UNMAPPED, unit: 3 }]);
    const batch = await api.labRun(id, [{ op: 'write', unit: 3 }, { op: 'write', unit: 3 }, { op: 'read', unit: 3 }]);
    const events = decodeEvents(batch.events, batch.commandEnds[1], batch.commandEnds[2]);
    expect(events.map((e) => e.kind)).toEqual(['lookup', 'read']);
    expect(batch.pages[events[0].block * layout.pages_per_block + events[0].page]).toBe(3);
    // The first copy of 3 went stale when the second was written.
    expect(Array.from(batch.pages).filter((v) => v === STALE)).toHaveLength(1);
    await api.labClose(id);
  });

  it('refuses a bad config naming the field', async () => {
    const refused = await api.labOpen(engineConfigJson(config({ blocks: 2 }))).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(EngineError);
    expect((refused as EngineError).field).toBe('lab.blocks');
    expect((refused as EngineError).code).toBe('out_of_range');
  });

  it('a refused command ends the batch, keeping what ran before it', async () => {
    const { id, layout } = await api.labOpen(engineConfigJson(config()));
    const batch = await api.labRun(id, [{ op: 'write', unit: 0 }, { op: 'write', unit: layout.logical_pages }, { op: 'write', unit: 1 }]);
    expect(batch.commandEnds.length).toBe(1);
    expect(batch.refusal?.field).toBe('lab.unit');
    expect(batch.counters.host_writes).toBe(1);
    await api.labClose(id);
  });

  it('stopAfterErase ends the batch at the first command that erased a block', async () => {
    const { id, layout } = await api.labOpen(engineConfigJson(config()));
    const many: LabCommand[] = Array.from({ length: layout.logical_pages * 20 }, () => ({ op: 'step', workload: 'random' }));
    const batch = await api.labRun(id, many, true);
    expect(batch.commandEnds.length).toBeLessThan(many.length);
    // The last command erased (GC may collect twice for one write); none before it did.
    const lastFrom = batch.commandEnds.at(-2) ?? 0;
    expect(decodeEvents(batch.events, lastFrom).filter((e) => e.kind === 'erase').length).toBeGreaterThan(0);
    expect(decodeEvents(batch.events, 0, lastFrom).filter((e) => e.kind === 'erase')).toHaveLength(0);
    await api.labClose(id);
  });
});

/** A player on the real engine, started, with its script run. */
async function started(cfg: LabConfig): Promise<LabPlayer> {
  const player = new LabPlayer(api, cfg);
  await player.start();
  expect(player.getSnapshot().status).toBe('ready');
  return player;
}

const count = (m: LabModel, value: (v: number) => boolean) => Array.from(m.pages).filter(value).length;

describe('scripts', () => {
  it('fill writes every logical page once, in order', async () => {
    const p = await started(config({ blocks: 6, opPercent: 0.5, script: ['fill'] }));
    const { model, layout } = p.getSnapshot();
    expect(model!.hostWrites).toBe(layout!.logical_pages);
    expect(Array.from(model!.pages.slice(0, layout!.logical_pages))).toEqual(Array.from({ length: layout!.logical_pages }, (_, i) => i));
    expect(p.getSnapshot().queued).toBe(0);
    p.dispose();
  });

  it('overwrite adds one drive write of the workload: stale pages appear', async () => {
    const p = await started(config({ blocks: 6, opPercent: 20, seed: 3, script: ['fill', 'overwrite'] }));
    const { model, layout } = p.getSnapshot();
    expect(model!.hostWrites).toBe(2 * layout!.logical_pages);
    expect(count(model!, (v) => v === STALE) + model!.erases).toBeGreaterThan(0);
    p.dispose();
  });

  it('gc stops just before the write that makes GC collect: stepping plays the victim, moves and erase', async () => {
    const p = await started(config({ blocks: 6, opPercent: 25, seed: 4, script: ['fill', 'overwrite', 'gc'] }));
    const before = p.getSnapshot();
    expect(before.queued).toBeGreaterThan(2);
    await p.stepCommand();
    const after = p.getSnapshot();
    expect(after.model!.erases).toBeGreaterThan(before.model!.erases);
    expect(after.model!.hostWrites).toBe(before.model!.hostWrites + 1);
    expect(after.now!.event!.kind).not.toBe('lookup');
    expect(after.consistent).toBe(true);
    p.dispose();
  });

  it('read leaves the lookup of the page written last for the first step', async () => {
    const p = await started(config({ script: ['fill', 'read'] }));
    const { model, layout } = p.getSnapshot();
    const unit = layout!.logical_pages - 1;
    await p.stepEvent();
    const { now } = p.getSnapshot();
    expect(now!.event).toMatchObject({ kind: 'lookup', unit });
    expect(model!.pages[now!.event!.block * layout!.pages_per_block + now!.event!.page]).toBe(unit);
    p.dispose();
  });
});

describe('the player', () => {
  it('steps event by event and command by command, staying equal to the engine', async () => {
    const p = await started(config());
    await p.stepEvent();
    expect(p.getSnapshot().model!.hostWrites).toBe(1);
    for (let i = 0; i < 300; i++) await p.stepCommand();
    const s = p.getSnapshot();
    expect(s.model!.hostWrites).toBe(301);
    expect(s.consistent).toBe(true);
    expect(s.model!.erases).toBeGreaterThan(0);
    const victim = s.model!.victim;
    if (victim !== null) expect(validPages(s.model!, victim)).toBeLessThanOrEqual(s.model!.pagesPerBlock);
    p.dispose();
  });

  it("the reader's own write plays, then the player pauses", async () => {
    const p = await started(config());
    await p.command('write', 5);
    // The write is queued and playing; step it out rather than wait for the timer.
    while (p.getSnapshot().queued > 0) await p.stepEvent();
    const s = p.getSnapshot();
    expect(s.playing).toBe(false);
    expect(s.model!.l2p[5]).not.toBe(UNMAPPED);
    await p.command('trim', 5);
    while (p.getSnapshot().queued > 0) await p.stepEvent();
    expect(p.getSnapshot().model!.l2p[5]).toBe(UNMAPPED);
    expect(count(p.getSnapshot().model!, (v) => v === FREE)).toBeGreaterThan(0);
    p.dispose();
  });

  it('a bad config fails with the engine’s field, and never throws', async () => {
    const p = new LabPlayer(api, config({ pagesPerBlock: 2 }));
    await p.start();
    expect(p.getSnapshot()).toMatchObject({ status: 'failed', error: { field: 'lab.pages_per_block', code: 'out_of_range' } });
  });
});
