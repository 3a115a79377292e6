// The shipped-run file: a run read back is bit for bit the run written (-0, NaN and the block
// map's typed arrays included), and a file is used only for its own scenario in its own format.
import { describe, expect, it } from 'vitest';
import { PointBuffer } from '../../web/src/engine/chunking';
import { decodeRun, encodeRun, runFileName, RUN_FILE_FORMAT } from '../../web/src/engine/runFile';
import type { FinishedRun } from '../../web/src/engine/runToEnd';
import type { SeriesMeta, Summary } from '../../web/src/engine/types';

function run(): FinishedRun {
  const points = new PointBuffer(2);
  points.append(new Float64Array([0, -0, 1, NaN, 2, 0.1 + 0.2, 3, Number.MIN_VALUE, 4, 1e308]));
  return {
    series: [{ id: 'throughput', x: { id: 'time', unit: 's' }, y: { id: 'mbps', unit: 'mb_per_s' } } as unknown as SeriesMeta],
    buffers: [points],
    summary: { host: { written_bytes: 4096 } } as unknown as Summary,
    blockMap: { planes: 2, blocksPerPlane: 3, unitsPerBlock: 4, valid: new Uint32Array([0, 1, 2, 3, 4, 0xffffffff]), eraseCounts: new Uint32Array([9, 8, 7, 6, 5, 4]), states: new Uint8Array([0, 1, 2, 3, 2, 1]) },
  };
}

const bits = (a: Float64Array) => Array.from(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));

describe('a shipped run file', () => {
  it('reads back bit for bit', () => {
    const scenario = '{"name":"x"}';
    const back = decodeRun(scenario, encodeRun(scenario, run()))!;
    expect(back).not.toBeNull();
    expect(bits(back.buffers[0].view())).toEqual(bits(run().buffers[0].view()));
    expect(Object.is(back.buffers[0].view()[1], -0)).toBe(true);
    expect(back.series).toEqual(run().series);
    expect(back.summary).toEqual(run().summary);
    expect(back.blockMap).toEqual(run().blockMap);
  });

  it('is refused for another scenario or another format', () => {
    const text = encodeRun('{"name":"x"}', run());
    expect(decodeRun('{"name":"y"}', text)).toBeNull();
    expect(decodeRun('{"name":"x"}', text.replace(`"format":${RUN_FILE_FORMAT}`, '"format":0'))).toBeNull();
  });

  it('is named by its scenario text alone', () => {
    expect(runFileName('{"name":"x"}')).toBe(runFileName('{"name":"x"}'));
    expect(runFileName('{"name":"x"}')).not.toBe(runFileName('{"name":"x" }'));
    expect(runFileName('')).toBe('cbf29ce484222325.json');
  });
});
