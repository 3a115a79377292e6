// Over-provisioning and user capacity as two views of one quantity, and knobs that do nothing
// on a drive, as the page applies the engine's catalogue (web/src/scenario/knobViews.ts).
import { describe, expect, it } from 'vitest';
import { setWithFollowers } from '../../web/src/scenario/followedDefaults';
import { inertReason, setView, viewPaths } from '../../web/src/scenario/knobViews';
import type { Knob } from '../../web/src/scenario/knobs';
import { getPath } from '../../web/src/scenario/paths';

const knob = (path: string, extra: Partial<Knob> = {}): Knob => ({ path, group: 'g', kind: 'number', unit: '', label: path, help: '', ...extra });
const OP = 'device.capacity.op_percent';
const USER = 'device.capacity.user_bytes';
const HMB = 'device.mapping.hmb.host_memory_buffer_bytes';
const KNOBS = [
  knob(OP, { view_of: USER, slider: true }),
  knob(USER, { kind: 'bytes' }),
  knob(HMB, {
    kind: 'bytes',
    inert: [
      { path: 'device.mapping.hmb.max_bytes', equals: '0', id: 'hmb_unsupported', reason: 'no HMB' },
      { path: 'device.mapping.hmb.allocation_policy', equals: '0', id: 'hmb_off', reason: 'off' },
    ],
  }),
];
const p660 = { device: { capacity: { op_percent: 7.35, user_bytes: 512110190592 }, mapping: { hmb: { max_bytes: 0, allocation_policy: 2 } } } };

describe('capacity views', () => {
  it('setting OP on a drive that states its user capacity hands the capacity to OP', () => {
    const next = setWithFollowers(KNOBS, p660, OP, 28);
    expect(getPath(next, OP)).toBe(28);
    expect(getPath(next, USER)).toBe(0);
    expect(getPath(p660, USER)).toBe(512110190592); // the input is not mutated
  });

  it('setting the user capacity keeps OP (the engine states the OP it gives)', () => {
    const next = setView(KNOBS, p660, USER, 400e9);
    expect(getPath(next, USER)).toBe(400e9);
    expect(getPath(next, OP)).toBe(7.35);
  });

  it('a reset of either view resets both', () => {
    expect(viewPaths(KNOBS, OP)).toEqual([OP, USER]);
    expect(viewPaths(KNOBS, USER)).toEqual([USER, OP]);
    expect(viewPaths(KNOBS, HMB)).toEqual([HMB]);
  });
});

describe('inert knobs', () => {
  it('names the first condition that holds, or none', () => {
    const hmb = KNOBS[2];
    expect(inertReason(hmb, p660)?.id).toBe('hmb_unsupported');
    const off = { device: { mapping: { hmb: { max_bytes: 67108864, allocation_policy: 0 } } } };
    expect(inertReason(hmb, off)?.id).toBe('hmb_off');
    const on = { device: { mapping: { hmb: { max_bytes: 67108864, allocation_policy: 2 } } } };
    expect(inertReason(hmb, on)).toBeNull();
    expect(inertReason(KNOBS[0], p660)).toBeNull();
  });
});
