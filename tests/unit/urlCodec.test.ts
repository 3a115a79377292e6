import { describe, expect, it } from 'vitest';
import { getPath, setPath, type JsonObject } from '../../web/src/scenario/paths';
import { decodeScenario, encodeScenario, MAX_QUERY_CHARS, URL_FORMAT_VERSION, withoutParam } from '../../web/src/scenario/urlCodec';
import { fixtureContext, JOB_PRESET, SWEEP_PRESET } from '../fixtures/catalog';

const ctx = fixtureContext();
const GIB = 2 ** 30;

function roundTrip(scenario: JsonObject, preset: string) {
  const params = encodeScenario(scenario, preset, ctx);
  return { params, decoded: decodeScenario(params.toString(), ctx) };
}

describe('encodeScenario', () => {
  it('holds only the version, preset and seed when nothing was changed', () => {
    const params = encodeScenario(JOB_PRESET, 'job-preset', ctx);
    expect(params.toString()).toBe(`v=${URL_FORMAT_VERSION}&preset=job-preset&seed=1`);
  });

  it('writes readable dotted paths, only for what differs from the preset', () => {
    let s = setPath(JOB_PRESET, 'device.nand.channels', 8);
    s = setPath(s, 'workload.iodepth', 16);
    s = setPath(s, 'seed', 3);
    expect(encodeScenario(s, 'job-preset', ctx).toString()).toBe('v=1&preset=job-preset&seed=3&device.nand.channels=8&workload.iodepth=16');
  });

  it('writes sizes in their shortest exact unit and lists comma-separated', () => {
    let s = setPath(SWEEP_PRESET, 'device.mapping.sram_bytes', 61 * 2 ** 20);
    s = setPath(s, 'workload.spans', [GIB, 48 * GIB, 64 * GIB]);
    s = setPath(s, 'workload.bs', 1536);
    const params = encodeScenario(s, 'sweep-preset', ctx);
    expect(params.get('device.mapping.sram_bytes')).toBe('61m');
    expect(params.get('workload.spans')).toBe('1g,48g,64g');
    expect(params.get('workload.bs')).toBe('1536');
  });

  it('does not carry the name, description or scenario version', () => {
    const s = { ...setPath(JOB_PRESET, 'name', 'renamed'), description: 'changed', version: 9 };
    expect(encodeScenario(s, 'job-preset', ctx).toString()).toBe('v=1&preset=job-preset&seed=1');
  });
});

describe('decodeScenario round trip', () => {
  it('reproduces every changed field exactly, numbers bit for bit', () => {
    let s = setPath(SWEEP_PRESET, 'device.nand.timing.read_us', 61.25);
    s = setPath(s, 'device.gc.background', false);
    s = setPath(s, 'device.nand.cell', 'qlc');
    s = setPath(s, 'device.host_interface.lanes', 2);
    s = setPath(s, 'workload.runtime', 0.1 + 0.2); // a double with no short decimal form
    s = setPath(s, 'workload.spans', [GIB, 3 * GIB]);
    s = setPath(s, 'seed', 2 ** 53 - 1);
    const { decoded } = roundTrip(s, 'sweep-preset');
    expect(decoded.issues).toEqual([]);
    expect(decoded.preset).toBe('sweep-preset');
    expect(decoded.scenario).toEqual(s);
    expect(Object.is(getPath(decoded.scenario, 'workload.runtime'), 0.1 + 0.2)).toBe(true);
    expect(decoded.applied.sort()).toEqual(
      ['device.gc.background', 'device.host_interface.lanes', 'device.nand.cell', 'device.nand.timing.read_us', 'seed', 'workload.runtime', 'workload.spans'].sort(),
    );
  });

  it('switches the workload kind first, then lays the fields over that kind’s defaults', () => {
    const s = { ...JOB_PRESET, workload: { ...ctx.workloadDefaults.span_sweep, iodepth: 4 } };
    const { params, decoded } = roundTrip(s, 'job-preset');
    expect(params.get('workload.kind')).toBe('span_sweep');
    expect(params.get('workload.iodepth')).toBe('4');
    expect(params.has('workload.spans')).toBe(false); // the kind's default
    expect(decoded.scenario).toEqual(s);
  });

  it('sets a field inside a group the preset leaves null, and clears a group back to null', () => {
    const withTiming = setPath(JOB_PRESET, 'device.nand.timing.read_us', 70);
    expect(roundTrip(withTiming, 'job-preset').decoded.scenario).toEqual(withTiming);
    const cleared = setPath(SWEEP_PRESET, 'device.nand.timing', null);
    const { params, decoded } = roundTrip(cleared, 'sweep-preset');
    expect(params.get('device.nand.timing')).toBe('null');
    expect(decoded.scenario).toEqual(cleared);
  });

  it('clears a nullable field the preset sets (a NAND timing back to the cell type’s default)', () => {
    const cleared = setPath(SWEEP_PRESET, 'device.nand.timing.read_us', null);
    const { params, decoded } = roundTrip(cleared, 'sweep-preset');
    expect(params.get('device.nand.timing.read_us')).toBe('null');
    expect(decoded.issues).toEqual([]);
    expect(decoded.scenario).toEqual(cleared);
    // A field that cannot be empty still refuses it.
    expect(decodeScenario('v=1&preset=sweep-preset&workload.iodepth=null', ctx).issues.map((i) => [i.code, i.param])).toEqual([['bad-value', 'workload.iodepth']]);
  });

  it('keeps page options out of the scenario', () => {
    const decoded = decodeScenario('v=1&preset=job-preset&seed=1&lang=ja&embed=1&chart=headline&controls=workload.iodepth', ctx);
    expect(decoded.issues).toEqual([]);
    expect(decoded.scenario).toEqual(JOB_PRESET);
  });
});

describe('old and future links', () => {
  it('a link without newer fields opens with their defaults (state laid over defaults)', () => {
    // A v1 link written before `precondition.fill_percent` or `device.slc.ratio` existed.
    const decoded = decodeScenario('v=1&preset=sweep-preset&seed=5&workload.iodepth=8', ctx);
    expect(decoded.issues).toEqual([]);
    expect(getPath(decoded.scenario, 'workload.iodepth')).toBe(8);
    expect(getPath(decoded.scenario, 'precondition.fill_percent')).toBe(100);
    expect(getPath(decoded.scenario, 'device.slc.ratio')).toBe(0);
  });

  it('a link without v= or preset= reads as the current format over the default preset', () => {
    const decoded = decodeScenario('workload.iodepth=2', ctx);
    expect(decoded.preset).toBe('job-preset');
    expect(decoded.issues).toEqual([]);
    expect(getPath(decoded.scenario, 'workload.iodepth')).toBe(2);
  });

  it('runs the migrations of every version between the link’s and the current one', () => {
    // Pretend the format has grown to version 3: version 1 called the queue depth `qd`, and
    // version 2 dropped a parameter. Old links still open with the same meaning.
    const grown = {
      ...fixtureContext([
        (p: URLSearchParams) => {
          const qd = p.get('qd');
          p.delete('qd');
          if (qd !== null) p.set('workload.iodepth', qd);
        },
        (p: URLSearchParams) => p.delete('obsolete'),
      ]),
      formatVersion: 3,
    };
    const v1 = decodeScenario('v=1&preset=job-preset&qd=7&obsolete=1', grown);
    expect(v1.issues).toEqual([]);
    expect(getPath(v1.scenario, 'workload.iodepth')).toBe(7);
    const v2 = decodeScenario('v=2&preset=job-preset&workload.iodepth=6&obsolete=1', grown);
    expect(v2.issues).toEqual([]);
    expect(getPath(v2.scenario, 'workload.iodepth')).toBe(6);
    // A current link is not migrated: `qd` means nothing in version 3.
    const v3 = decodeScenario('v=3&preset=job-preset&qd=7', grown);
    expect(v3.issues.map((i) => i.code)).toEqual(['unknown-param']);
    expect(encodeScenario(v1.scenario, 'job-preset', grown).get('v')).toBe('3');
  });

  it('a link from a newer format says so and still uses what it understands', () => {
    const decoded = decodeScenario(`v=${URL_FORMAT_VERSION + 1}&preset=job-preset&workload.iodepth=3&future.knob=1`, ctx);
    expect(decoded.issues.map((i) => i.code)).toEqual(['newer-version', 'unknown-param']);
    expect(getPath(decoded.scenario, 'workload.iodepth')).toBe(3);
  });
});

describe('malformed and hostile links', () => {
  it('reports an unknown preset and falls back to the default preset', () => {
    const decoded = decodeScenario('v=1&preset=nope', ctx);
    expect(decoded.preset).toBe('job-preset');
    expect(decoded.issues).toEqual([{ code: 'unknown-preset', param: 'preset', value: 'nope' }]);
    expect(decoded.scenario).toEqual(JOB_PRESET);
  });

  it('reports bad values by parameter and keeps the preset value', () => {
    const decoded = decodeScenario('v=1&preset=job-preset&workload.iodepth=abc&device.nand.channels=99&device.nand.cell=plc&device.gc.background=maybe&workload.bs=4q&workload.iodepth=3', ctx);
    const byParam = Object.fromEntries(decoded.issues.map((i) => [i.param, i.code]));
    expect(byParam).toEqual({
      'workload.iodepth': 'duplicate',
      'device.nand.channels': 'out-of-range',
      'device.nand.cell': 'bad-value',
      'device.gc.background': 'bad-value',
      'workload.bs': 'not-whole-bytes', // "4q" is not a size(not_whole_bytes)
    });
    // The first occurrence counts (and was bad); the duplicate is ignored.
    expect(decoded.issues.find((i) => i.param === 'workload.iodepth' && i.code === 'bad-value')).toBeDefined();
    expect(decoded.scenario).toEqual(JOB_PRESET);
    expect(decoded.issues.find((i) => i.param === 'device.nand.channels')?.detail).toBe('1 – 32');
  });

  it('rejects fractional integers, empty numbers and non-decimal number forms', () => {
    for (const value of ['2.5', '', '0x10', '1e400', ' 4', 'Infinity']) {
      const decoded = decodeScenario(`workload.iodepth=${encodeURIComponent(value)}`, ctx);
      expect(decoded.issues.length, value).toBe(1);
      expect(getPath(decoded.scenario, 'workload.iodepth')).toBe(32);
    }
  });

  it('refuses sizes that are not whole bytes instead of rounding them, and keeps every other parameter', () => {
    for (const value of ['1.5', '0.3k', '4097.5', '1.0001k']) {
      const decoded = decodeScenario(`preset=sweep-preset&device.mapping.sram_bytes=${value}&workload.iodepth=5&device.nand.channels=8`, ctx);
      expect(decoded.issues, value).toEqual([{ code: 'not-whole-bytes', param: 'device.mapping.sram_bytes', value, detail: undefined }]);
      expect(getPath(decoded.scenario, 'device.mapping.sram_bytes')).toBe(getPath(SWEEP_PRESET, 'device.mapping.sram_bytes'));
      expect(getPath(decoded.scenario, 'workload.iodepth')).toBe(5);
      expect(getPath(decoded.scenario, 'device.nand.channels')).toBe(8);
    }
    // An exact fraction of a larger unit is a whole number of bytes.
    expect(getPath(decodeScenario('device.mapping.sram_bytes=1.5m', ctx).scenario, 'device.mapping.sram_bytes')).toBe(1.5 * 2 ** 20);
  });

  it('refuses a size list with one bad entry as a whole, by the entry’s reason', () => {
    const decoded = decodeScenario('preset=sweep-preset&workload.spans=1g,0.5,4g&workload.iodepth=5', ctx);
    expect(decoded.issues.map((i) => [i.code, i.param])).toEqual([['not-whole-bytes', 'workload.spans']]);
    expect(getPath(decoded.scenario, 'workload.spans')).toEqual(getPath(SWEEP_PRESET, 'workload.spans'));
    expect(getPath(decoded.scenario, 'workload.iodepth')).toBe(5);
  });
});

describe('malformed and hostile links: huge numbers, unknown fields and markup', () => {
  it('refuses integers past 2^53 - 1 instead of silently rounding them (numbers and sizes)', () => {
    const cases: [string, string][] = [
      ['seed', '9007199254740993'],
      ['seed', '9007199254740992'],
      ['seed', '1' + '0'.repeat(30)],
      ['device.mapping.sram_bytes', '9007199254740992'],
      ['device.mapping.sram_bytes', '8p'],
    ];
    for (const [param, value] of cases) {
      const decoded = decodeScenario(`preset=job-preset&${param}=${value}&workload.iodepth=5`, ctx);
      expect(decoded.issues.map((i) => [i.code, i.param]), value).toEqual([['unsafe-integer', param]]);
      expect(getPath(decoded.scenario, 'workload.iodepth')).toBe(5);
    }
    expect(getPath(decodeScenario('seed=9007199254740991', ctx).scenario, 'seed')).toBe(2 ** 53 - 1);
  });

  it('ignores unknown parameters and fields of another workload kind', () => {
    const decoded = decodeScenario('v=1&preset=job-preset&foo=1&workload.spans=1g&device=1', ctx);
    expect(decoded.issues.map((i) => [i.code, i.param])).toEqual([
      ['unknown-param', 'foo'],
      ['unknown-param', 'workload.spans'],
      ['bad-value', 'device'],
    ]);
    expect(decoded.scenario).toEqual(JOB_PRESET);
  });

  it('never walks into the object prototype', () => {
    const decoded = decodeScenario('__proto__.polluted=1&constructor.prototype.polluted=1&device.__proto__.x=1&workload.toString=1', ctx);
    expect(decoded.issues).toHaveLength(4);
    expect(decoded.issues.every((i) => i.code === 'unknown-param')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(decoded.scenario).toEqual(JOB_PRESET);
  });

  it('keeps markup as inert text, shortened, in the report', () => {
    const evil = '<img src=x onerror=alert(1)>'.repeat(4);
    const decoded = decodeScenario(`preset=${encodeURIComponent(evil)}&${encodeURIComponent(evil)}=1`, ctx);
    expect(decoded.issues.map((i) => i.code)).toEqual(['unknown-preset', 'unknown-param']);
    expect(decoded.issues[0].value!.length).toBeLessThanOrEqual(41);
    expect(decoded.scenario).toEqual(JOB_PRESET);
  });

  it('refuses an absurdly long query outright and opens the default preset', () => {
    const decoded = decodeScenario(`workload.iodepth=4&x=${'a'.repeat(MAX_QUERY_CHARS)}`, ctx);
    expect(decoded.issues.map((i) => i.code)).toEqual(['too-long']);
    expect(decoded.scenario).toEqual(JOB_PRESET);
  });

  it('reports a bad version number and reads the rest', () => {
    const decoded = decodeScenario('v=abc&workload.iodepth=5', ctx);
    expect(decoded.issues.map((i) => i.code)).toEqual(['bad-version']);
    expect(getPath(decoded.scenario, 'workload.iodepth')).toBe(5);
  });

  it('withoutParam puts one refused field back to the preset value', () => {
    const decoded = decodeScenario('preset=sweep-preset&workload.iodepth=5&device.nand.channels=8', ctx);
    const back = withoutParam(decoded, 'workload.iodepth', ctx);
    expect(getPath(back, 'workload.iodepth')).toBe(32);
    expect(getPath(back, 'device.nand.channels')).toBe(8);
  });
});
