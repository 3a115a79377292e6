// The page's side of fio job files: the notice's order and wording of what was not modelled,
// and the export's file name.
import { describe, expect, it } from 'vitest';
import { fioFileName, unmodelledInOrder, unmodelledLabel } from '../../web/src/panels/fioJob';
import type { Unmodelled } from '../../web/src/engine/generated/Unmodelled';

const u = (line: number, option: string, value: string, kind: Unmodelled['kind'], section = 'job'): Unmodelled => ({ section, line, option, value, kind, reason: 'why' });

describe('fio job files on the page', () => {
  it('lists what fio would act on first, then what has no effect, then other jobs, each in file order', () => {
    const listed = [u(3, 'ioengine', 'libaio', 'no_effect'), u(12, '', '', 'not_imported', 'other'), u(9, 'verify', 'crc32c', 'not_modelled'), u(2, 'direct', '1', 'no_effect'), u(5, 'bssplit', '4k/50', 'not_modelled')];
    expect(unmodelledInOrder(listed).map((x) => x.line)).toEqual([5, 9, 2, 3, 12]);
    expect(listed[0].line).toBe(3); // the list itself is left as it was
  });

  it('names an option with its value, a bare flag alone, and a section not imported in brackets', () => {
    expect(unmodelledLabel(u(3, 'ioengine', 'libaio', 'no_effect'))).toBe('ioengine=libaio');
    expect(unmodelledLabel(u(4, 'norandommap', '', 'no_effect'))).toBe('norandommap');
    expect(unmodelledLabel(u(12, '', '', 'not_imported', 'seq-read'))).toBe('[seq-read]');
  });

  it('names the export after the scenario, safe for a file system', () => {
    expect(fioFileName('Samsung 980-like: random read')).toBe('Samsung-980-like-random-read.fio');
    expect(fioFileName('')).toBe('job.fio');
    expect(fioFileName('../../etc/passwd')).toBe('etc-passwd.fio');
    expect(fioFileName('日本語 テスト')).toBe('日本語-テスト.fio');
    expect(fioFileName('x'.repeat(100))).toHaveLength(68);
  });
});
