// NAND 101 teaches in order and its numbers agree (issue 44, item 5):
// - a NAND view step before the one that explains garbage collection opens with no GC in it (no
//   victim, copy or erase, nor one held for the first step to play), and Play can rewrite for a
//   while before GC starts;
// - every write-amplification figure the story states is the one it names: the steady state of
//   Desnoyers' model (7 % and 28 % spare), the engine's own steady state and the GC victims' valid
//   share at the end of the run agree with it, and the whole-run average is told apart.
import { beforeAll, describe, expect, it } from 'vitest';
import { codecContext } from '../../web/src/session/catalog';
import type { CodecContext } from '../../web/src/scenario/urlCodec';
import type { DriveSnapshots } from '../../web/src/engine/types';
import { LabPlayer } from '../../web/src/explain/lab/player';
import { STORIES } from '../../web/src/explain/stories';
import { greedyWaf, modelValues } from '../../web/src/explain/stories/models';
import { paragraphs, tokenize, type Story, type StoryLab, type StoryStep } from '../../web/src/explain/stories/schema';
import { presetScenario } from '../../web/src/explain/story/stepScenario';
import { loadEngine, runCollect } from './loadEngine';

const story = STORIES.find((s) => s.id === 'nand-101')!;
const step = (id: string) => story.steps.find((s) => s.id === id)!;
let codec: CodecContext;

beforeAll(async () => {
  codec = codecContext(await loadEngine().catalog()).codec;
});

/** Whether a step's setup marks a glossary term (the story teaches it there). */
const teaches = (s: StoryStep, term: string) => paragraphs(s.text.en).flatMap(tokenize).some((t) => t.kind === 'term' && t.id === term);

/** GC has run on the drive a player shows (a move or an erase), or the event on screen is GC's. */
function gcSeen(p: LabPlayer): boolean {
  const { model, now } = p.getSnapshot();
  const e = now?.event;
  return model!.gcMoves > 0 || model!.erases > 0 || (e !== null && e !== undefined && (e.kind === 'victim' || e.kind === 'erase' || e.stream === 'gc'));
}

describe('NAND 101: the NAND view shows nothing the story has not taught', () => {
  it('every lab step before the GC step opens with no GC, and Play rewrites at least 20 pages before GC', async () => {
    const gcStep = story.steps.findIndex((s) => teaches(s, 'gc'));
    expect(gcStep, 'a step marks [[gc]]').toBeGreaterThan(0);
    expect('lab' in story.steps[gcStep].show).toBe(true);
    const early = story.steps.slice(0, gcStep).filter((s) => 'lab' in s.show);
    expect(early.map((s) => s.id)).toEqual(['pages-and-blocks', 'no-overwrite', 'ftl-and-l2p']);
    for (const s of early) {
      const lab = (s.show as { lab: StoryLab }).lab;
      const p = new LabPlayer(loadEngine(), lab);
      await p.start();
      expect(p.getSnapshot().status, s.id).toBe('ready');
      expect(gcSeen(p), `${s.id}: opens with GC`).toBe(false);
      // What the script held back for the first step to play (a read) is no GC either.
      while (p.getSnapshot().queued > 0) {
        await p.stepEvent();
        expect(gcSeen(p), `${s.id}: its first step plays GC`).toBe(false);
      }
      const host = p.getSnapshot().model!.hostWrites;
      for (let i = 0; i < 20; i++) await p.stepCommand();
      expect(p.getSnapshot().model!.hostWrites, s.id).toBe(host + 20);
      expect(gcSeen(p), `${s.id}: GC within 20 writes of Play`).toBe(false);
      p.dispose();
    }
  });

  it('the GC step does show GC: its first step collects a block', async () => {
    const s = story.steps.find((x) => teaches(x, 'gc'))!;
    const p = new LabPlayer(loadEngine(), (s.show as { lab: StoryLab }).lab);
    await p.start();
    await p.stepCommand();
    expect(p.getSnapshot().model!.erases).toBeGreaterThan(0);
    p.dispose();
  });
});

/** Every text of a story a reader reads, in one language. */
function storyTexts(s: Story, lang: 'en' | 'ja'): string[] {
  const out: string[] = [s.conclusion.text[lang]];
  for (const st of s.steps) {
    out.push(st.title[lang], st.text[lang], st.after?.[lang] ?? '', st.model?.formula[lang] ?? '', st.model?.note[lang] ?? '');
    if (st.predict) out.push(st.predict.question[lang], st.predict.reveal[lang], ...st.predict.choices.map((c) => c.label[lang]));
  }
  for (const c of s.conclusion.checks) out.push(c.question[lang], c.explain[lang], ...c.choices.map((x) => x.label[lang]));
  return out;
}

const runs = new Map<string, ReturnType<typeof runStep>>();
/** A step's run (once per step): its summary, the model's and the engine's steady state, its rounds and its last GC victims. */
const stepRun = (s: StoryStep) => runs.get(s.id) ?? (runs.set(s.id, runStep(s)), runs.get(s.id)!);

async function runStep(s: StoryStep) {
  const { scenario, issues } = presetScenario(s.show as { preset: string; set?: Record<string, string> }, codec);
  expect(issues).toEqual([]);
  const { result, points } = await runCollect(JSON.stringify(scenario));
  const series = (id: string) => {
    const i = result.series.findIndex((m) => m.id === id);
    return i >= 0 ? points[i] : null;
  };
  const summary = result.summary as unknown as Record<string, unknown>;
  const { model, engine } = modelValues('greedy-waf', { scenario: scenario, summary, series });
  const rounds = series('steady_state')!.filter((_, i) => i % 2 === 1);
  const snaps = (result.snapshots as DriveSnapshots).snapshots;
  const victims = snaps.map((x) => x.gc.victim_valid_percent).filter((v): v is number => v !== null);
  return { summary, model: model!, engine: engine!, rounds, lastVictims: victims[victims.length - 1] };
}

const oneDecimal = (v: number) => v.toFixed(1);
const near = (a: number, b: number, rel: number) => Math.abs(a - b) <= rel * Math.abs(b);

describe('NAND 101: each write-amplification figure is the one it names, and they agree', () => {
  // Desnoyers' greedy model on the story's drive: 256 pages of 16 KiB = 1,024 4 KiB units a block.
  const at7 = greedyWaf(1.07, 1024);
  const at28 = greedyWaf(1.28, 1024);

  it("the story states the model's steady states as the model gives them (7.8 at 7 %, 2.5 at 28 %), in both languages", () => {
    expect(oneDecimal(at7)).toBe('7.8');
    expect(oneDecimal(at28)).toBe('2.5');
    for (const lang of ['en', 'ja'] as const) {
      const said = storyTexts(story, lang)
        .join('\n')
        .replace(/\{[^}]*\}/g, '')
        .match(/\d+\.\d+/g)!
        .map(Number);
      // Any one-decimal figure near a steady state is that steady state, rounded as the model rounds it.
      for (const v of said.filter((x) => x >= 7 && x < 8.5)) expect(oneDecimal(v), `${lang}: ${v} near the 7 % steady state`).toBe(oneDecimal(at7));
      for (const v of said.filter((x) => x >= 2.2 && x < 3)) expect(oneDecimal(v), `${lang}: ${v} near the 28 % steady state`).toBe(oneDecimal(at28));
      expect(said.filter((x) => oneDecimal(x) === oneDecimal(at28)).length, lang).toBeGreaterThan(1);
    }
  });

  it('7 %: the engine reaches the steady state the text gives, and throughput falls about ninefold', async () => {
    const run = await stepRun(step('steady-state'));
    expect(run.model).toBeCloseTo(at7, 3);
    expect(near(run.engine, at7, 0.03), `engine ${run.engine}`).toBe(true);
    // The whole-run average is a different, lower figure: the first round wrote into erased blocks.
    expect(run.summary.write_amplification as number).toBeLessThan(run.engine * 0.95);
    expect(run.rounds[0] / run.rounds[run.rounds.length - 1]).toBeGreaterThan(8);
    expect(run.rounds[0] / run.rounds[run.rounds.length - 1]).toBeLessThan(10);
    expect(step('steady-state').predict!.answer).toBe('ninth');
  });

  it('28 %: the run is long enough to reach the steady state; engine, model, victims and text agree', async () => {
    const s = step('over-provisioning');
    expect(s.model?.kind, 'the step shows the model beside the engine').toBe('greedy-waf');
    const run = await stepRun(s);
    expect(run.model).toBeCloseTo(at28, 3);
    expect(near(run.engine, at28, 0.03), `engine steady state ${run.engine} vs model ${at28}`).toBe(true);
    // GC's victims at the end of the run: u valid → 1 / (1 − u) flash writes per host write.
    const u = run.lastVictims / 100;
    expect(near(1 / (1 - u), at28, 0.04), `victims ${run.lastVictims} %`).toBe(true);
    const said = Number(/victims are about (\d+) % valid/.exec(s.text.en)![1]);
    expect(Math.abs(said - run.lastVictims), 'the victims the text names').toBeLessThan(2.5);
    expect(s.text.ja).toContain(`約 ${said} % が有効`);
    // The whole-run average is named as such and is lower than the steady state.
    expect(s.text.en).toMatch(/Over the whole run: \{summary:write_amplification\}/);
    expect(run.summary.write_amplification as number).toBeLessThan(run.engine * 0.95);
    // The last rounds' speed and the 7 % drive's, as the text gives them.
    const last = run.rounds.slice(-4).reduce((a, b) => a + b, 0) / 4;
    expect(near(last, Number(/near (\d+) MB\/s/.exec(s.text.en)![1]), 0.03), `last rounds ${last}`).toBe(true);
    const seven = await stepRun(step('steady-state'));
    const sevenLast = seven.rounds.slice(-3).reduce((a, b) => a + b, 0) / 3;
    expect(near(sevenLast, Number(/the (\d+) MB\/s of the 7 % drive/.exec(s.text.en)![1]), 0.03), `7 % drive ${sevenLast}`).toBe(true);
  });
});
