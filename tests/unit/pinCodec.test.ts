// The comparison in a share link: pins as diffs from their presets, a figure overlay, and
// every way a hand-edited or truncated link can go wrong, reported and never thrown.
import { describe, expect, it } from 'vitest';
import { scenarioSearch } from '../../web/src/session/link';
import { comparisonSpecs, type Pin } from '../../web/src/session/pins';
import { setPath, type JsonObject } from '../../web/src/scenario/paths';
import { decodeComparison, decodePin, encodeComparison, encodePin, MAX_LINK_PINS, MAX_PIN_CHARS } from '../../web/src/scenario/pinCodec';
import { decodeScenario } from '../../web/src/scenario/urlCodec';
import { fixtureContext, JOB_PRESET, SWEEP_PRESET } from '../fixtures/catalog';

const ctx = fixtureContext();
const GIB = 2 ** 30;
const FIGURES = [{ name: 'fig-a', members: [{ id: 'job-preset' }, { id: 'sweep-preset' }] }];

function roundTrip(scenario: JsonObject, preset: string) {
  const text = encodePin({ preset, scenario }, ctx);
  const read = decodePin(text, 1, ctx);
  if (!read.ok) throw new Error(`refused: ${JSON.stringify(read.issue)}`);
  return { text, decoded: read.decoded };
}

describe('encodePin / decodePin', () => {
  it('an unchanged preset is just its name', () => {
    expect(encodePin({ preset: 'job-preset', scenario: JOB_PRESET }, ctx)).toBe('job-preset');
    expect(roundTrip(SWEEP_PRESET, 'sweep-preset').decoded.scenario).toEqual(SWEEP_PRESET);
  });

  it('holds only what differs from the preset, as readable path:value pairs, and round-trips', () => {
    let s = setPath(JOB_PRESET, 'workload.iodepth', 4);
    s = setPath(s, 'device.mapping.sram_bytes', 61 * 2 ** 20);
    s = setPath(s, 'seed', 7);
    const { text, decoded } = roundTrip(s, 'job-preset');
    expect(text).toBe('job-preset~seed:7~device.mapping.sram_bytes:61m~workload.iodepth:4');
    expect(decoded.scenario).toEqual(s);
    expect(decoded.applied).toEqual(['seed', 'device.mapping.sram_bytes', 'workload.iodepth']);
    expect(decoded.issues).toEqual([]);
  });

  it('round-trips lists, cleared groups and a switched workload kind', () => {
    let s = setPath(SWEEP_PRESET, 'workload.spans', [GIB, 48 * GIB]);
    s = setPath(s, 'device.nand.timing', null);
    const a = roundTrip(s, 'sweep-preset');
    expect(a.text).toBe('sweep-preset~workload.spans:1g,48g~device.nand.timing:null');
    expect(a.decoded.scenario).toEqual(s);
    const job = { ...JOB_PRESET, workload: ctx.workloadDefaults.span_sweep } as JsonObject;
    const b = roundTrip(job, 'job-preset');
    expect(b.text).toContain('workload.kind:span_sweep');
    expect(b.decoded.scenario).toEqual(job);
  });

  it('a value holding the separators survives (escaped), and the pin stays one parameter', () => {
    const odd = { ...JOB_PRESET, workload: { ...(JOB_PRESET.workload as JsonObject), note: 'a~b%7E:c' } } as JsonObject;
    const text = encodePin({ preset: 'job-preset', scenario: odd }, ctx);
    expect(text).toBe('job-preset~workload.note:a%7Eb%257E:c');
    // Read back exactly (then refused as an unknown field, as the main link would refuse it).
    const back = decodePin(text, 1, ctx);
    expect(back.ok && back.decoded.issues.map((i) => [i.code, i.param, i.value])).toEqual([['unknown-param', 'workload.note', 'a~b%7E:c']]);
    // A string field the preset has: escaped and read back exactly.
    const renamed = setPath(JOB_PRESET, 'workload.rw', 'randwrite');
    expect(roundTrip(renamed, 'job-preset').decoded.scenario).toEqual(renamed);
    const withTilde = { ...JOB_PRESET, device: { ...(JOB_PRESET.device as JsonObject), kind: 'a~b%7E' } } as JsonObject;
    const enc = encodePin({ preset: 'job-preset', scenario: withTilde }, ctx);
    expect(enc).toBe('job-preset~device.kind:a%7Eb%257E');
    // device.kind is an enum: the odd value is refused on reading, as the main link would refuse it.
    const read = decodePin(enc, 2, ctx);
    expect(read.ok && read.decoded.issues.map((i) => [i.code, i.param, i.value, i.pin])).toEqual([['bad-value', 'device.kind', 'a~b%7E', 2]]);
  });

  it('bad pins are reported with their place in the link, never thrown', () => {
    const cases: [string, string][] = [
      ['no-such-preset~workload.iodepth:4', 'unknown-preset'],
      ['', 'unknown-preset'],
      ['job-preset~workload.iodepth', 'bad-field'],
      ['job-preset~:4', 'bad-field'],
      ['job-preset~pin:x', 'bad-field'],
      ['job-preset~preset:sweep-preset', 'bad-field'],
      [`job-preset~workload.iodepth:${'9'.repeat(MAX_PIN_CHARS)}`, 'too-long'],
    ];
    for (const [text, detail] of cases) {
      const read = decodePin(text, 3, ctx);
      expect(read.ok, text).toBe(false);
      if (!read.ok) expect([read.issue.code, read.issue.detail, read.issue.pin]).toEqual(['bad-pin', detail, 3]);
    }
  });

  it('a pin’s unusable fields are its own issues; its usable fields still apply', () => {
    const read = decodePin('job-preset~workload.iodepth:0~device.nand.channels:8~__proto__.x:1', 2, ctx);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.decoded.issues.map((i) => [i.code, i.param, i.pin])).toEqual([
      ['out-of-range', 'workload.iodepth', 2],
      ['unknown-param', '__proto__.x', 2],
    ]);
    expect((read.decoded.scenario.device as JsonObject).nand).toMatchObject({ channels: 8 });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('the comparison in the link', () => {
  const pinA = { preset: 'job-preset', scenario: setPath(JOB_PRESET, 'workload.iodepth', 4) };
  const pinB = { preset: 'sweep-preset', scenario: setPath(SWEEP_PRESET, 'seed', 2) };

  it('figure first, then pins, in the share URL, readable and decoded back', () => {
    const comparison = encodeComparison({ figure: 'fig-a', members: null }, [pinA, pinB], ctx);
    const search = scenarioSearch(JOB_PRESET, 'job-preset', ctx, 'en', {}, comparison);
    expect(search).toBe('v=1&preset=job-preset&seed=1&figure=fig-a&pin=job-preset~workload.iodepth:4&pin=sweep-preset~seed:2');
    // The main scenario ignores the comparison's parameters.
    expect(decodeScenario(search, ctx).issues).toEqual([]);
    const back = decodeComparison(search, ctx, FIGURES);
    expect(back.issues).toEqual([]);
    expect(back.figure).toEqual({ figure: 'fig-a', members: null });
    expect(back.pins.map((p) => [p.index, p.decoded.preset, p.decoded.scenario])).toEqual([
      [1, 'job-preset', pinA.scenario],
      [2, 'sweep-preset', pinB.scenario],
    ]);
  });

  it('a figure with some members removed names those left, in figure order', () => {
    const back = decodeComparison('figure=fig-a:sweep-preset,gone', ctx, FIGURES);
    expect(back.figure).toEqual({ figure: 'fig-a', members: ['sweep-preset'] });
    expect(decodeComparison('figure=fig-a:sweep-preset,job-preset', ctx, FIGURES).figure).toEqual({ figure: 'fig-a', members: null });
    const bad = decodeComparison('figure=<script>&figure=fig-a', ctx, FIGURES);
    expect(bad.figure).toBeNull();
    expect(bad.issues.map((i) => i.code)).toEqual(['duplicate', 'unknown-figure']);
  });

  it('keeps at most MAX_LINK_PINS results (figure members count) and says how many were left out', () => {
    const many = Array.from({ length: MAX_LINK_PINS + 3 }, (_, i) => ['pin', `job-preset~workload.iodepth:${i + 1}`]);
    const read = decodeComparison(new URLSearchParams([['figure', 'fig-a'], ...many]), ctx, FIGURES);
    expect(read.pins).toHaveLength(MAX_LINK_PINS - 2);
    expect(read.issues.map((i) => [i.code, i.value])).toEqual([['too-many-pins', '5']]);
  });

  it('bad pins among good ones: the good ones stay, in order, with their link positions', () => {
    const read = decodeComparison('pin=nope&pin=job-preset~workload.iodepth:2&pin=job-preset~x&pin=sweep-preset', ctx, FIGURES);
    expect(read.pins.map((p) => p.index)).toEqual([2, 4]);
    expect(read.issues.map((i) => [i.code, i.pin])).toEqual([
      ['bad-pin', 1],
      ['bad-pin', 3],
    ]);
  });

  it('the page’s pins become the link’s specs: figure members by id, pinned runs by base preset', () => {
    const pin = (p: Partial<Pin>): Pin => ({ id: 'x', label: () => '', scenarioJson: '{}', scenario: {}, series: [], ...p });
    const pins = [pin({ figure: 'fig-a', preset: 'sweep-preset' }), pin({ basePreset: 'job-preset', scenarioJson: JSON.stringify(pinA.scenario), scenario: pinA.scenario })];
    expect(comparisonSpecs(pins, FIGURES)).toEqual({ figure: { figure: 'fig-a', members: ['sweep-preset'] }, pins: [pinA] });
    expect(comparisonSpecs([], FIGURES)).toEqual({ figure: null, pins: [] });
  });
});
