// The workload panel's fio job files, wired to the engine and the scenario: an import puts the
// job in the scenario's workload (so any kind becomes a job) and keeps the notice of what was
// not modelled; an export downloads the job as a `.fio` file.
import { useCallback, useMemo, useState } from 'react';
import { downloadText } from '../charts/exportChart';
import { describeError, refusalFrom } from '../engine/errors';
import { fioFileName, type FioNotice } from '../panels/fioJob';
import type { FioControls } from '../panels/FioJobFile';
import type { Session } from '../session/useSession';

function reason(err: unknown): string {
  const refusal = refusalFrom(err);
  if (refusal) return describeError(refusal.toData());
  return err instanceof Error ? err.message : String(err);
}

export function useFioJob(s: Session): FioControls {
  const { engine, current } = s;
  const { setWorkload } = s.model;
  const [notice, setNotice] = useState<FioNotice | null>(null);

  const onImport = useCallback(
    (file: string, text: string, job?: string) => {
      if (!engine || !current) return;
      engine.fioImport(text, job).then(
        (result) => {
          setWorkload(result.workload);
          setNotice({ status: 'imported', file, text, result });
        },
        (err: unknown) => setNotice({ status: 'failed', file, message: reason(err) }),
      );
    },
    [engine, current, setWorkload],
  );

  const onExport = useCallback(() => {
    if (!engine || !current) return;
    const name = typeof current.name === 'string' ? current.name : '';
    engine.fioExport(JSON.stringify(current)).then(
      (text) => downloadText(text, fioFileName(name), 'text/plain'),
      (err: unknown) => setNotice({ status: 'failed', file: fioFileName(name), message: reason(err) }),
    );
  }, [engine, current]);

  const onDismiss = useCallback(() => setNotice(null), []);
  return useMemo(() => ({ notice, onImport, onExport, onDismiss }), [notice, onImport, onExport, onDismiss]);
}
