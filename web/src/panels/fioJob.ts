// What the page does with a fio import and export (ssd_core::fio, docs/fio.md), kept apart
// from React so it is tested on its own: the file name of an export, and the notice's lines.
import type { FioImport } from '../engine/generated/FioImport';
import type { Unmodelled } from '../engine/generated/Unmodelled';
import type { UnmodelledKind } from '../engine/generated/UnmodelledKind';

/** Biggest job file the page reads; a real one is a few hundred bytes. */
export const MAX_FIO_BYTES = 1_000_000;

/** After an import: the file and what came of it (or why it was refused). */
export type FioNotice =
  | { status: 'imported'; file: string; text: string; result: FioImport }
  | { status: 'failed'; file: string; message: string };

/** The notice's order: what fio would act on first, then what makes no difference, then other jobs. */
const ORDER: Record<UnmodelledKind, number> = { not_modelled: 0, no_effect: 1, not_imported: 2 };

/** The listed options, grouped by kind in ORDER, each group in file order. */
export function unmodelledInOrder(list: readonly Unmodelled[]): Unmodelled[] {
  return [...list].sort((a, b) => ORDER[a.kind] - ORDER[b.kind] || a.line - b.line);
}

/** How one listed option reads: `ioengine=libaio`, a bare flag, or a section not imported (`[name]`). */
export function unmodelledLabel(u: Unmodelled): string {
  if (!u.option) return `[${u.section}]`;
  return u.value ? `${u.option}=${u.value}` : u.option;
}

/** The export's file name: the scenario's name made safe for a file system, or `job`. */
export function fioFileName(scenarioName: string): string {
  const base = scenarioName
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/^[-.]+|-+$/g, '')
    .slice(0, 64);
  return `${base || 'job'}.fio`;
}
