// "Your fio result", wired to the engine and the run: a loaded fio JSON result (and its logs) is
// read by the engine, and each finished run of the job is held against it (ssd_core::fio::compare);
// the measured job and logs go to the charts' overlay (run/measured.ts). The scenario is never
// changed here, so a refused file loses nothing.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { describeError, refusalFrom } from '../engine/errors';
import type { FioComparison } from '../engine/generated/FioComparison';
import type { MeasuredLog } from '../engine/generated/MeasuredLog';
import type { MeasuredResult } from '../engine/generated/MeasuredResult';
import { measuredStore } from '../run/measured';
import type { FioResultNotice } from '../panels/fioResult';
import type { FioResultControls } from '../panels/FioResultFile';
import type { Session } from '../session/useSession';

function reason(err: unknown): string {
  const refusal = refusalFrom(err);
  if (refusal) return describeError(refusal.toData());
  return err instanceof Error ? err.message : String(err);
}

/** `job`: the imported job file's section, the result's job to compare (its only job when null). */
export function useFioResult(s: Session, job: string | null): FioResultControls {
  const { engine, view } = s;
  const [loaded, setLoaded] = useState<{ file: string; text: string; result: MeasuredResult } | null>(null);
  const [logs, setLogs] = useState<{ file: string; log: MeasuredLog }[]>([]);
  const [notice, setNotice] = useState<FioResultNotice>(null);
  // Kept with the summary and result it was made of: a new run or file shows none until compared.
  const [compared, setCompared] = useState<{ of: [unknown, unknown]; c: FioComparison } | null>(null);

  const onResult = useCallback(
    (file: string, text: string) => {
      engine?.fioResult(text).then(
        (result) => (setLoaded({ file, text, result }), setNotice(null)),
        (err: unknown) => setNotice({ status: 'failed', file, message: reason(err) }),
      );
    },
    [engine],
  );
  const onLog = useCallback(
    (file: string, text: string) => {
      engine?.fioLog(text, file).then(
        (log) => (setLogs((old) => [...old.filter((l) => l.log.kind !== log.kind), { file, log }]), setNotice(null)),
        (err: unknown) => setNotice({ status: 'failed', file, message: reason(err) }),
      );
    },
    [engine],
  );
  const onClear = useCallback(() => (setLoaded(null), setLogs([]), setNotice(null)), []);

  // Each finished run of the job against the result: the table, and the charts' overlay.
  const summary = view.status === 'done' ? view.summary : null;
  useEffect(() => {
    if (!engine || !loaded || !summary) return;
    let live = true;
    engine.fioCompare(loaded.text, job, JSON.stringify(summary)).then(
      (c) => live && setCompared({ of: [summary, loaded], c }),
      (err: unknown) => live && setNotice({ status: 'failed', file: loaded.file, message: reason(err) }),
    );
    return () => void (live = false);
  }, [engine, loaded, summary, job]);
  const comparison = compared && compared.of[0] === summary && compared.of[1] === loaded ? compared.c : null;

  useEffect(() => {
    const measured = comparison && loaded?.result.jobs.find((j) => j.name === comparison.job);
    measuredStore.set(measured ? { job: measured, logs: logs.map((l) => l.log) } : null);
  }, [comparison, loaded, logs]);
  useEffect(() => () => measuredStore.set(null), []);

  return useMemo(
    () => ({ loaded: loaded && { file: loaded.file, text: loaded.text, result: loaded.result }, logs, comparison, notice, onResult, onLog, onClear }),
    [loaded, logs, comparison, notice, onResult, onLog, onClear],
  );
}
