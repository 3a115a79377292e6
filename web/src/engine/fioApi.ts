// The worker API's fio job files (ssd_core::fio, docs/fio.md): a `.fio` file read into a job
// workload with the options the engine does not model listed, and a job scenario written as one;
// fio's own results of a job (JSON, bw/lat logs) read and held against a run of it; the search that
// fits a drive's headline knobs to one result, a step at a time (its drives run as any run does).
import type { EngineGuard } from './engineGuard';
import type { FioComparison } from './generated/FioComparison';
import type { FioImport } from './generated/FioImport';
import type { FioLogKind } from './generated/FioLogKind';
import type { FitStep } from './generated/FitStep';
import type { MeasuredLog } from './generated/MeasuredLog';
import type { MeasuredResult } from './generated/MeasuredResult';

export function fioApi({ ready, wasm, guard, read }: EngineGuard) {
  const { fio_compare, fio_export, fio_fit_next, fio_fit_start, fio_import, fio_log, fio_result } = wasm;
  return {
    /** `job`: the section to import (the first job section when absent). Refuses naming line, option and field. */
    async fioImport(text: string, job?: string): Promise<FioImport> {
      await ready;
      return read('fio_import', () => fio_import(text, job ?? null));
    },

    /** The job file's text; refuses a workload that is not a job (`workload.kind`). */
    async fioExport(scenarioJson: string): Promise<string> {
      await ready;
      return guard(() => fio_export(scenarioJson));
    },

    /** fio's `--output-format=json` result; refuses naming the field's path (`jobs[0].read.iops`). */
    async fioResult(text: string): Promise<MeasuredResult> {
      await ready;
      return read('fio_result', () => fio_result(text));
    },

    /** A bw or lat log; its kind from `kind` or else the file's name (`job_bw.1.log`). */
    async fioLog(text: string, fileName: string, kind?: FioLogKind): Promise<MeasuredLog> {
      await ready;
      return read('fio_log', () => fio_log(text, fileName, kind ?? null));
    },

    /** The result's job `job` (or its only one) against a run's summary (its JSON). */
    async fioCompare(resultText: string, job: string | null, summaryJson: string): Promise<FioComparison> {
      await ready;
      return read('fio_compare', () => fio_compare(resultText, job, summaryJson));
    },

    /** A fit of the scenario's drive begun: its first step, whose `run` is the drive as it is. Refuses as validation does. */
    async fioFitStart(scenarioJson: string): Promise<FitStep> {
      await ready;
      return read('fio_fit', () => fio_fit_start(scenarioJson));
    },

    /**
     * The fit's next step: `state` as the last step gave it, told how its `run` compared (null: refused or
     * stopped at a ceiling). Refuses when the drive as it is does not compare.
     */
    async fioFitNext(state: unknown, comparison: FioComparison | null): Promise<FitStep> {
      await ready;
      return read('fio_fit', () => fio_fit_next(JSON.stringify(state), comparison && JSON.stringify(comparison)));
    },
  };
}
