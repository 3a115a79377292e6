import { describe, expect, it } from 'vitest';
import { hasScenarioParams } from '../../web/src/session/initialScenario';
import { parseScenario } from '../../web/src/session/scenarioText';
import { CancelledError } from '../../web/src/engine/bridge';
import { EngineError } from '../../web/src/engine/errors';
import { compactBytes, formatBytesExact, parseBytes } from '../../web/src/scenario/bytes';
import { deviceKind, deviceKinds, enumValue, hasEraseBlocks, knobApplies, knobForField, knobsFor, panelGroups, parseBytesList, type Knob } from '../../web/src/scenario/knobs';
import { draftProblem, parseDraft } from '../../web/src/panels/KnobInput';
import { flattenLeaves, getPath, sameJson, setPath, splitPath } from '../../web/src/scenario/paths';
import { editedPaths, nearestPreset, settleDecoded } from '../../web/src/scenario/settle';
import { loadStored, saveStored } from '../../web/src/scenario/storage';
import { decodeScenario } from '../../web/src/scenario/urlCodec';
import { formatKnobValue, formatRange } from '../../web/src/scenario/knobFormat';
import { groupTitle } from '../../web/src/i18n/engineText';
import { forDevices } from '../../web/src/scenario/devices';
import { fixtureContext, JOB_PRESET, KNOBS, SWEEP_PRESET } from '../fixtures/catalog';

const ctx = fixtureContext();

describe('paths', () => {
  it('reads and writes by dotted path without mutating the input', () => {
    const s = setPath(JOB_PRESET, 'device.nand.channels', 8);
    expect(getPath(s, 'device.nand.channels')).toBe(8);
    expect(getPath(JOB_PRESET, 'device.nand.channels')).toBe(4);
    expect(s.workload).toBe(JOB_PRESET.workload); // untouched branches are shared
  });

  it('creates a group that was null', () => {
    const s = setPath(JOB_PRESET, 'device.nand.timing.read_us', 60);
    expect(getPath(s, 'device.nand.timing')).toEqual({ read_us: 60 });
  });

  it('refuses paths that could reach the prototype', () => {
    expect(splitPath('__proto__.x')).toBeNull();
    expect(splitPath('a.constructor')).toBeNull();
    expect(splitPath('a..b')).toBeNull();
    expect(() => setPath({}, '__proto__.polluted', 1)).toThrow();
    expect(getPath({}, 'toString')).toBeUndefined();
  });

  it('flattens leaves in order, keeping lists and nulls as values', () => {
    expect([...flattenLeaves(SWEEP_PRESET).keys()].slice(0, 5)).toEqual(['version', 'name', 'description', 'seed', 'device.nand.cell']);
    expect(flattenLeaves(JOB_PRESET).get('device.nand.timing')).toBeNull();
    expect(flattenLeaves(SWEEP_PRESET).get('workload.spans')).toEqual([2 ** 30, 2 ** 31, 2 ** 32]);
    expect(sameJson({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });
});

describe('byte sizes', () => {
  it('reads sizes the fio way (k = 1024, KB = 1000)', () => {
    expect(parseBytes('4k')).toBe(4096);
    expect(parseBytes('4 KiB')).toBe(4096);
    expect(parseBytes('1.5m')).toBe(1_572_864);
    expect(parseBytes('512GB')).toBe(512e9);
    expect(parseBytes('61 MiB')).toBe(61 * 2 ** 20);
    expect(parseBytes(' 7 ')).toBe(7);
    expect(parseBytes('4q')).toBeNaN();
    expect(parseBytes('k')).toBeNaN();
    expect(parseBytes('-4k')).toBeNaN();
    expect(parseBytes('1.5')).toBeNaN(); // was rounded to 2 once
    expect(parseBytes('0.3k')).toBeNaN();
  });

  it('writes sizes exactly, so what a form shows parses back to the same bytes', () => {
    for (const n of [0, 4096, 1536, 61 * 2 ** 20, 512e9, 3 * 2 ** 29, 1_000_001, 2 ** 40]) {
      expect(parseBytes(formatBytesExact(n)), formatBytesExact(n)).toBe(n);
      expect(parseBytes(compactBytes(n)), compactBytes(n)).toBe(n);
    }
    expect(formatBytesExact(61 * 2 ** 20)).toBe('61 MiB');
    expect(formatBytesExact(512e9)).toBe('512 GB');
    expect(formatBytesExact(3 * 2 ** 29)).toBe('1.5 GiB');
    expect(compactBytes(2 ** 30)).toBe('1g');
    expect(compactBytes(512e9)).toBe('512GB');
  });
});

describe('knob table helpers', () => {
  it('picks the knobs of a workload kind', () => {
    const job = knobsFor(KNOBS, 'job').map((k) => k.path);
    expect(job).toContain('workload.rw');
    expect(job).not.toContain('workload.spans');
    expect(knobsFor(KNOBS, 'span_sweep').map((k) => k.path)).toContain('workload.spans');
  });

  it('groups device knobs in spec-sheet order, with groups it does not know appended', () => {
    const place = (id: string) => ({ id, title: id, open: false });
    const layout = {
      device_groups: ['media', 'tier', 'xpoint', 'mapping', 'gc', 'host'].map(place),
      workload_groups: ['workload', 'host_cpu', 'precondition', 'run'].map(place),
      workload_kinds: [{ id: 'job', label: 'Job', help: '' }],
    };
    const { device, workload } = panelGroups(KNOBS, 'job', layout);
    expect(device.map((g) => g.group)).toEqual(['media', 'xpoint', 'mapping', 'gc', 'host', 'slc']);
    expect(workload.map((g) => g.group)).toEqual(['workload', 'precondition', 'run']);
  });

  it('picks the knobs of a device kind; without one, every kind’s (the URL codec keeps them all)', () => {
    const paths = (device?: string) => knobsFor(KNOBS, 'job', device).map((k) => k.path);
    const xpoint = paths('xpoint_ssd');
    expect(xpoint).toEqual(expect.arrayContaining(['device.kind', 'device.xpoint.channels', 'device.host_interface.lanes', 'workload.rw', 'seed']));
    for (const nandOnly of ['device.nand.cell', 'device.nand.channels', 'device.gc.background', 'device.mapping.sram_bytes', 'precondition.fill_percent']) expect(xpoint).not.toContain(nandOnly);
    const nand = paths('nand_ssd');
    expect(nand).toEqual(expect.arrayContaining(['device.kind', 'device.nand.channels', 'device.gc.background', 'precondition.fill_percent']));
    expect(nand).not.toContain('device.xpoint.channels');
    // Workload kinds still count: a span list is no field of a job on any device.
    expect(xpoint).not.toContain('workload.spans');
    expect(paths()).toEqual(KNOBS.filter((k) => !k.workloads || k.workloads.includes('job')).map((k) => k.path));
  });

  it('reads the device kind the engine filled in, guessing none for a fragment, and shows only its knobs', () => {
    const knob = (p: string) => KNOBS.find((k) => k.path === p)!;
    expect(deviceKind(JOB_PRESET)).toBe('nand_ssd');
    // The page keeps no default kind: a fragment that names none has none, and hides nothing.
    expect(deviceKind({ device: { nand: {} } })).toBeNull();
    expect(deviceKind({})).toBeNull();
    const xpoint = setPath(JOB_PRESET, 'device.kind', 'xpoint_ssd');
    expect(deviceKind(xpoint)).toBe('xpoint_ssd');
    expect(knobApplies(knob('device.nand.channels'), JOB_PRESET)).toBe(true);
    expect(knobApplies(knob('device.nand.channels'), { device: {} })).toBe(true);
    expect(knobApplies(knob('device.xpoint.channels'), JOB_PRESET)).toBe(false);
    expect(knobApplies(knob('device.nand.channels'), xpoint)).toBe(false);
    expect(knobApplies(knob('precondition.fill_percent'), xpoint)).toBe(false);
    expect(knobApplies(knob('device.xpoint.channels'), xpoint)).toBe(true);
    expect(knobApplies(knob('device.host_interface.lanes'), xpoint)).toBe(true);
    expect(knobApplies(knob('device.kind'), xpoint)).toBe(true);
    // Hidden is not lost: the field keeps its value in the scenario.
    expect(getPath(xpoint, 'device.nand.channels')).toBe(4);
  });

  it('expects a block map only for a device kind with erase blocks', () => {
    const blocks: Knob = { path: 'device.nand.blocks_per_plane', group: 'media', kind: 'int', unit: '', label: 'Blocks per plane', help: '', devices: ['nand_ssd'] };
    expect(hasEraseBlocks([...KNOBS, blocks], 'nand_ssd')).toBe(true);
    expect(hasEraseBlocks([...KNOBS, blocks], 'xpoint_ssd')).toBe(false);
    expect(hasEraseBlocks(KNOBS, 'nand_ssd')).toBe(false);
    // A hybrid has its NAND tier's blocks, whichever side the NAND is on.
    expect(hasEraseBlocks([...KNOBS, blocks], ['hybrid', 'xpoint_ssd', 'nand_ssd'])).toBe(true);
    expect(hasEraseBlocks([...KNOBS, blocks], ['hybrid', 'nand_ssd', 'hdd'])).toBe(true);
  });
});

describe('knob table helpers: hybrid drives', () => {
  it('a hybrid uses its own kind and both tiers’ kinds, for knobs, groups and the block map alike', () => {
    const h10 = setPath(setPath(setPath(JOB_PRESET, 'device.kind', 'hybrid'), 'device.tier.cache', 'xpoint_ssd'), 'device.tier.backing', 'nand_ssd');
    const momentus = setPath(setPath(h10, 'device.tier.cache', 'nand_ssd'), 'device.tier.backing', 'hdd');
    expect(deviceKinds(JOB_PRESET)).toEqual(['nand_ssd']);
    expect(deviceKinds({})).toEqual([]);
    expect(deviceKinds(setPath(JOB_PRESET, 'device.kind', 'hdd'))).toEqual(['hdd']);
    expect(deviceKinds(h10)).toEqual(['hybrid', 'xpoint_ssd', 'nand_ssd']);
    expect(deviceKinds(momentus)).toEqual(['hybrid', 'nand_ssd', 'hdd']);
    // Each kind once; the page names no tier the scenario does not (the engine fills them in).
    expect(deviceKinds(setPath(JOB_PRESET, 'device.kind', 'hybrid'))).toEqual(['hybrid']);
    expect(deviceKinds(setPath(h10, 'device.tier.cache', 'nand_ssd'))).toEqual(['hybrid', 'nand_ssd']);

    expect(forDevices(undefined, ['hdd'])).toBe(true);
    expect(forDevices([], 'hdd')).toBe(true);
    expect(forDevices(['hdd'], ['hybrid', 'nand_ssd', 'hdd'])).toBe(true);
    expect(forDevices(['hdd'], 'hdd')).toBe(true);
    expect(forDevices(['xpoint_ssd', 'hdd'], ['hybrid', 'nand_ssd'])).toBe(false);
    expect(forDevices(['hdd'], [])).toBe(true);

    const knob = (p: string) => KNOBS.find((k) => k.path === p)!;
    const tier: Knob = { path: 'device.tier.cache', group: 'tier', kind: 'enum', unit: '', label: 'Cache tier', help: '', options: ['xpoint_ssd', 'nand_ssd'], devices: ['hybrid'] };
    expect(knobApplies(tier, h10)).toBe(true);
    expect(knobApplies(tier, JOB_PRESET)).toBe(false);
    // Both tiers' media knobs show: XPoint and NAND on an H10, NAND (not XPoint) on a Momentus XT.
    expect(knobApplies(knob('device.xpoint.channels'), h10)).toBe(true);
    expect(knobApplies(knob('device.nand.channels'), h10)).toBe(true);
    expect(knobApplies(knob('device.nand.channels'), momentus)).toBe(true);
    expect(knobApplies(knob('device.xpoint.channels'), momentus)).toBe(false);
    expect(knobsFor([...KNOBS, tier], 'job', deviceKinds(momentus)).map((k) => k.path)).toEqual(expect.arrayContaining(['device.tier.cache', 'device.nand.cell', 'precondition.fill_percent']));
    expect(knobsFor([...KNOBS, tier], 'job', deviceKinds(JOB_PRESET)).map((k) => k.path)).not.toContain('device.tier.cache');

    // Cell type is a NAND word: the media group keeps it while a tier is NAND.
    const media = { id: 'media', title: 'Media & cell type', other_title: { unless_devices: ['nand_ssd'], title: 'Media' }, open: true };
    const tierGroup = { id: 'tier', title: 'Hybrid: cache and backing tiers', open: true };
    expect(groupTitle('en', 'media', media, deviceKinds(momentus))).toBe('Media & cell type');
    expect(groupTitle('en', 'media', media, ['hybrid', 'xpoint_ssd', 'hdd'])).toBe('Media');
    expect(groupTitle('en', 'media', media, 'xpoint_ssd')).toBe('Media');
    expect(groupTitle('ja', 'media', media, 'xpoint_ssd')).toBe('メディア');
    expect(groupTitle('en', 'media', media, 'nand_ssd')).toBe('Media & cell type');
    expect(groupTitle('en', 'tier', tierGroup, deviceKinds(h10))).toBe('Hybrid: cache and backing tiers');
    // A group the layout does not name yet is titled from its id.
    expect(groupTitle('en', 'slc_cache', undefined, 'nand_ssd')).toBe('Slc cache');
  });
});

describe('knob table helpers: values, typed text and errors', () => {
  it('keeps an enum field’s JSON type and reads size lists', () => {
    expect(enumValue('4', 2)).toBe(4);
    expect(enumValue('tlc', 'qlc')).toBe('tlc');
    expect(parseBytesList('1g, 2g 4g')).toEqual([2 ** 30, 2 ** 31, 2 ** 32]);
    expect(parseBytesList('1g, x').some(Number.isNaN)).toBe(true);
  });

  it('reads what is typed into a knob, and tells half-typed text from a value', () => {
    const knob = (p: string) => KNOBS.find((k) => k.path === p)!;
    expect(parseDraft(knob('workload.bs'), '6')).toBe(6);
    expect(parseDraft(knob('workload.bs'), '61 Mi')).toBeUndefined();
    expect(parseDraft(knob('workload.bs'), '61 MiB')).toBe(61 * 2 ** 20);
    expect(parseDraft(knob('workload.spans'), '1g, 2g')).toEqual([2 ** 30, 2 ** 31]);
    expect(parseDraft(knob('device.nand.timing.read_us'), '')).toBeNull();
    expect(parseDraft(knob('device.nand.timing.read_us'), '', false)).toBeUndefined();
    expect(parseDraft(knob('workload.iodepth'), '1e')).toBeUndefined();
    expect(parseDraft(knob('workload.iodepth'), ' 12 ')).toBe(12);
    // Never rounded: a fraction of a byte and an integer past 2^53 - 1 are not values.
    expect(parseDraft(knob('workload.bs'), '4096.5')).toBeUndefined();
    expect(parseDraft(knob('workload.bs'), '0.3k')).toBeUndefined();
    expect(parseDraft(knob('seed'), '9007199254740993')).toBeUndefined();
    expect(parseDraft(knob('seed'), '9007199254740991')).toBe(2 ** 53 - 1);
    expect(draftProblem(knob('workload.bs'), '0.3k')).toBe('knob.fractionOfByte');
    expect(draftProblem(knob('workload.bs'), '4q')).toBe('knob.badSize');
    expect(draftProblem(knob('workload.spans'), '1g, 0.5')).toBe('knob.fractionOfByte');
    expect(draftProblem(knob('workload.spans'), '1g, 9p')).toBe('knob.unsafeInteger');
    expect(draftProblem(knob('seed'), '9007199254740993')).toBe('knob.unsafeInteger');
  });

  it('finds the knob an engine error’s field names, list entries included', () => {
    expect(knobForField(KNOBS, 'workload.iodepth')?.path).toBe('workload.iodepth');
    expect(knobForField(KNOBS, 'workload.spans[2]')?.path).toBe('workload.spans');
    expect(knobForField(KNOBS, 'workload.iodepthx')).toBeUndefined();
    expect(knobForField(KNOBS, '')).toBeUndefined();
  });

  it('formats values and ranges for the form', () => {
    const knob = (p: string) => KNOBS.find((k) => k.path === p)!;
    expect(formatKnobValue(knob('workload.bs'), 8192)).toBe('8 KiB');
    expect(formatKnobValue(knob('workload.spans'), [2 ** 30, 48 * 2 ** 30])).toBe('1 GiB, 48 GiB');
    expect(formatKnobValue(knob('device.nand.timing.read_us'), null)).toBe('');
    expect(formatRange(knob('workload.iodepth'), 'en-US')).toBe('1 – 1,024');
    expect(formatRange(knob('workload.bs'), 'en-US')).toBe('4 KiB – 64 MiB');
    expect(formatRange(knob('seed'), 'en-US')).toBe('0 – 2⁵³−1');
    expect(formatRange(knob('workload.spans'), 'en-US')).toBeNull();
  });
});

const refuse = (field: string, message: string) => new EngineError({ field, code: 'out_of_range', message });

describe('scenario text and state', () => {
  it('parses objects and reports syntax errors', () => {
    expect('scenario' in parseScenario('{"seed": 2}')).toBe(true);
    const bad = parseScenario('{"seed": ');
    expect('error' in bad && bad.error).toMatchObject({ field: '', code: 'syntax', message: expect.stringMatching(/^Scenario JSON:/) });
    expect(parseScenario('[1]')).toEqual({ error: { field: '', code: 'not_an_object', message: 'A scenario must be a JSON object' } });
  });

  it('tells scenario links from page-only links', () => {
    expect(hasScenarioParams('')).toBe(false);
    expect(hasScenarioParams('?lang=ja')).toBe(false);
    expect(hasScenarioParams('?preset=bg4-like')).toBe(true);
    expect(hasScenarioParams('?workload.iodepth=4&lang=ja')).toBe(true);
  });

  it('lists what differs from the preset, and finds the nearest preset', () => {
    const s = setPath(setPath(SWEEP_PRESET, 'device.nand.channels', 8), 'name', 'renamed');
    expect(editedPaths(s, 'sweep-preset', ctx)).toEqual(['device.nand.channels']);
    expect(nearestPreset(s, ctx)).toBe('sweep-preset'); // by content, the name no longer matches
    expect(nearestPreset(JOB_PRESET, ctx)).toBe('job-preset');
  });
});

describe('scenario text and state: settling a link the engine refuses', () => {
  it('drops each field the engine refuses and keeps the rest', async () => {
    const decoded = decodeScenario('preset=job-preset&workload.iodepth=5&device.nand.channels=8', ctx);
    const validate = async (json: string) => {
      const s = JSON.parse(json);
      if (s.device.nand.channels > 4) throw refuse('device.nand.channels', 'must be at most 4 with this controller (got 8)');
      return json;
    };
    const settled = await settleDecoded(decoded, ctx, validate);
    expect(getPath(settled.scenario, 'device.nand.channels')).toBe(4);
    expect(getPath(settled.scenario, 'workload.iodepth')).toBe(5);
    expect(settled.issues).toEqual([
      { code: 'rejected', param: 'device.nand.channels', detail: 'device.nand.channels: must be at most 4 with this controller (got 8)', engineCode: 'out_of_range' },
    ]);
  });

  it('drops a refused list by the entry the engine names, and each refused field in turn', async () => {
    const decoded = decodeScenario('preset=sweep-preset&workload.spans=1g,3g&workload.iodepth=5&device.nand.channels=8&seed=9', ctx);
    const validate = async (json: string) => {
      const s = JSON.parse(json);
      if (s.workload.spans.includes(3 * 2 ** 30)) throw refuse('workload.spans[1]', 'must be a power of two');
      if (s.workload.iodepth === 5) throw refuse('workload.iodepth', 'not with this drive');
      return json;
    };
    const settled = await settleDecoded(decoded, ctx, validate);
    expect(settled.issues.map((i) => i.param)).toEqual(['workload.spans', 'workload.iodepth']);
    expect(getPath(settled.scenario, 'workload.spans')).toEqual(getPath(SWEEP_PRESET, 'workload.spans'));
    expect(getPath(settled.scenario, 'device.nand.channels')).toBe(8);
    expect(getPath(settled.scenario, 'seed')).toBe(9);
  });

  it('finds which parameter to drop when the engine names a field the link did not set', async () => {
    // A cross-field limit: eight channels break a rule named on a field the preset sets.
    const decoded = decodeScenario('preset=job-preset&device.nand.channels=8&workload.iodepth=5&seed=3', ctx);
    const validate = async (json: string) => {
      const s = JSON.parse(json);
      if (s.device.nand.channels === 8) throw refuse('workload.offset', 'must end inside the drive');
      return json;
    };
    const settled = await settleDecoded(decoded, ctx, validate);
    expect(settled.issues).toEqual([{ code: 'rejected', param: 'device.nand.channels', detail: 'workload.offset: must end inside the drive', engineCode: 'out_of_range' }]);
    expect(getPath(settled.scenario, 'device.nand.channels')).toBe(4);
    expect(getPath(settled.scenario, 'workload.iodepth')).toBe(5);
    expect(getPath(settled.scenario, 'seed')).toBe(3);
  });

  it('drops two parameters that each break the same rule, one at a time, and keeps the rest', async () => {
    const decoded = decodeScenario('preset=job-preset&workload.iodepth=5&device.nand.channels=8&seed=3', ctx);
    const validate = async (json: string) => {
      const s = JSON.parse(json);
      if (s.workload.iodepth === 5 || s.device.nand.channels === 8) throw refuse('workload.offset', 'must end inside the drive');
      return json;
    };
    const settled = await settleDecoded(decoded, ctx, validate);
    expect(settled.issues.map((i) => i.param).sort()).toEqual(['device.nand.channels', 'workload.iodepth']);
    expect(getPath(settled.scenario, 'seed')).toBe(3);
    expect(getPath(settled.scenario, 'workload.iodepth')).toBe(32);
  });

  it('lets a cancelled or dead engine through instead of calling it a refusal', async () => {
    const decoded = decodeScenario('preset=job-preset&workload.iodepth=5', ctx);
    await expect(settleDecoded(decoded, ctx, async () => Promise.reject(new CancelledError()))).rejects.toBeInstanceOf(CancelledError);
  });
});

describe('stored scenario', () => {
  it('round-trips and ignores junk', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    saveStored({ preset: 'job-preset', scenario: JOB_PRESET }, storage);
    expect(loadStored(storage)).toEqual({ preset: 'job-preset', scenario: JOB_PRESET });
    for (const junk of ['{', '[]', 'null', '{"format":1,"preset":3,"scenario":{}}', '{"format":2,"preset":"a","scenario":{}}']) {
      store.set([...store.keys()][0], junk);
      expect(loadStored(storage), junk).toBeNull();
    }
    const throwing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); } };
    expect(loadStored(throwing)).toBeNull();
    expect(() => saveStored({ preset: 'x', scenario: {} }, throwing)).not.toThrow();
  });
});
