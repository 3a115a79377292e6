// The worker API's fio job files (ssd_core::fio, docs/fio.md): a `.fio` file read into a job
// workload with the options the engine does not model listed, and a job scenario written as one.
import type { EngineGuard } from './engineGuard';
import type { FioImport } from './generated/FioImport';

export function fioApi({ ready, wasm, guard, read }: EngineGuard) {
  const { fio_export, fio_import } = wasm;
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
  };
}
