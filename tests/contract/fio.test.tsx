// fio job files through the real engine, as the worker exposes them: a fixture imports into a
// job workload with the options not modelled listed, a refusal names line, option and field,
// an export imports back to the same workload, and the panel's notice reads in EN and JA.
import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EngineApi } from '../../web/src/engine/api';
import { EngineError } from '../../web/src/engine/errors';
import { I18nProvider, type Lang } from '../../web/src/i18n';
import { FioJobFile } from '../../web/src/panels/FioJobFile';
import type { FioImport } from '../../web/src/engine/generated/FioImport';
import { loadEngine } from './loadEngine';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/fio/${name}`, import.meta.url), 'utf8');
let engine: EngineApi;

beforeAll(() => {
  engine = loadEngine();
});

describe('fio job files through the engine', () => {
  it('imports a 70/30 mix into a job workload and lists what it did not model', async () => {
    const r = await engine.fioImport(fixture('randrw-70-30.fio'));
    expect(r.workload).toMatchObject({ kind: 'job', rw: 'randrw', rwmixread: 70, bs: 8192, iodepth: 16, numjobs: 4, runtime: 60, thinktime: 50 });
    expect(r.name).toBe('oltp-70-30');
    expect(r.unmodelled.map((u) => [u.line, u.option, u.kind])).toEqual([
      [3, 'ioengine', 'no_effect'],
      [4, 'direct', 'no_effect'],
      [5, 'group_reporting', 'no_effect'],
      [6, 'filename', 'no_effect'],
    ]);
  });

  it('imports the job asked for from a file of several', async () => {
    const r = await engine.fioImport(fixture('multi-job.fio'), 'seq-read-1m');
    expect(r.jobs).toEqual(['seq-write-128k', 'rand-write-4k', 'seq-read-1m']);
    expect(r.workload).toMatchObject({ rw: 'read', bs: 1 << 20, numjobs: 2 });
  });

  it('refuses a value out of range naming the line, the option and the field', async () => {
    const refusal = await engine.fioImport('[a]\nsize=1g\niodepth=0\n').catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(EngineError);
    expect((refusal as EngineError).field).toBe('workload.iodepth');
    expect((refusal as EngineError).code).toBe('out_of_range');
    expect((refusal as EngineError).message).toMatch(/^line 3: \[a\] iodepth: must be between 1 and 1024/);
    // The engine is still usable after a refusal.
    await expect(engine.fioImport(fixture('randread-4k-qd32.fio'))).resolves.toMatchObject({ name: 'randread-4k-qd32' });
  });

  it('exports a job scenario that imports back to the same workload, and refuses other kinds', async () => {
    const scenario = JSON.parse(await engine.defaultScenario()) as { workload: unknown };
    const text = await engine.fioExport(JSON.stringify(scenario));
    expect(text).toContain('[global]\nioengine=libaio\ndirect=1\n');
    expect((await engine.fioImport(text)).workload).toEqual(scenario.workload);
    const refusal = await engine.fioExport(JSON.stringify({ workload: { kind: 'span_sweep' } })).catch((e: unknown) => e);
    expect((refusal as EngineError).field).toBe('workload.kind');
  });

  it.each(['en', 'ja'] as Lang[])('the panel lists the options not modelled (%s)', async (lang) => {
    const result: FioImport = await engine.fioImport(fixture('unmodelled.fio'));
    const fio = { notice: { status: 'imported' as const, file: 'unmodelled.fio', text: '', result }, onImport() {}, onExport() {}, onDismiss() {} };
    const html = renderToStaticMarkup(
      <I18nProvider initial={lang}>
        <FioJobFile kind="job" fio={fio} />
      </I18nProvider>,
    );
    expect(html).toContain(lang === 'en' ? 'Import .fio…' : '.fio を読み込む…');
    expect(html).toContain(lang === 'en' ? 'Listed, not modelled' : 'モデル化されていないオプション');
    expect(html).toContain('bssplit=4k/50:64k/50');
    expect(html.match(/data-kind="not_modelled"/g)?.length).toBeGreaterThanOrEqual(4);
  });
});
