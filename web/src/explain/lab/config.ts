// What a NAND lab shows: the drive's shape, the workload its Play button writes, and an
// optional script that prepares a state before the reader takes over (a story step starts
// "after the drive is full", "just before GC", …). The stories and the playground share it.
import type { EngineLabConfig, LabCommand, LabWorkload } from '../../engine/types';
import type { GcPolicy } from '../../engine/generated/GcPolicy';

export type ScriptVerb = 'fill' | 'overwrite' | 'gc' | 'read';

export interface LabConfig {
  /** Physical blocks, the FTL's working blocks included (the engine's `lab.blocks`). */
  blocks: number;
  /** Pages per block (the engine's `lab.pages_per_block`). */
  pagesPerBlock: number;
  /** Over-provisioning: raw pages beyond the logical ones, % of the logical ones. */
  opPercent: number;
  workload: LabWorkload;
  seed: number;
  /** How GC picks its victim (the engine's `device.gc.policy` options); the engine's default unless said. */
  gcPolicy?: LabGcPolicy;
  /**
   * Run before the view opens, in order:
   * - `fill`: the host writes every logical page once, in order 0, 1, …, last.
   * - `overwrite`: as many host writes of `workload` as there are logical pages (one drive
   *   write): old copies turn stale and GC may run.
   * - `gc`: host writes of `workload` until GC erases a block (at most 20 drive writes).
   * - `read`: a host read of the logical page the host wrote last (page 0 if none).
   * The script's last command is shown at once, except after `gc` or `read`: that command
   * (the write that made GC collect, or the read) waits, so the first step plays it.
   */
  script?: ScriptVerb[];
}

/** The engine's GC policies (`lab.gc_policy`, as `device.gc.policy`). */
export type LabGcPolicy = GcPolicy;

/**
 * The engine's lab workloads and GC policies, each list a Record over the engine's generated
 * union: one the engine adds or drops is a compile error here. (The lab card offers the GC
 * policies the engine's `lab.gc_policy` knob lists; these are for checking a story's lab.)
 */
export const LAB_WORKLOADS = Object.keys({ sequential: true, random: true, 'hot-cold': true } satisfies Record<LabWorkload, true>) as readonly LabWorkload[];
export const LAB_GC_POLICIES = Object.keys({ greedy: true, fifo: true, cost_benefit: true } satisfies Record<LabGcPolicy, true>) as readonly LabGcPolicy[];
export const SCRIPT_VERBS: readonly ScriptVerb[] = ['fill', 'overwrite', 'gc', 'read'];

/** The sizes the lab card offers, kept to the engine's lab knobs' ranges (`lab_knobs()`). */
export const LAB_CHOICES = { blocks: [6, 8, 12, 16, 24, 32], pagesPerBlock: [4, 8, 16], opPercent: [10, 25, 50, 100] } as const;

/**
 * The lab the engine builds from a config that says nothing (`lab_defaults()`), with the
 * workload the Play button writes (the page's choice: the engine's lab takes it per command).
 */
export function labConfigFrom(engine: EngineLabConfig, workload: LabWorkload = 'random'): LabConfig {
  return { blocks: engine.blocks, pagesPerBlock: engine.pages_per_block, opPercent: engine.op_percent, workload, seed: engine.seed, gcPolicy: engine.gc_policy };
}

/** The engine's lab config (snake_case, as engine/core/src/lab.rs reads it); a GC policy not given is the engine's default. */
export function engineConfigJson(config: LabConfig): string {
  return JSON.stringify({ blocks: config.blocks, pages_per_block: config.pagesPerBlock, op_percent: config.opPercent, gc_policy: config.gcPolicy, seed: config.seed });
}

/** One script verb as one batch of commands for the engine. */
export interface ScriptBatch {
  verb: ScriptVerb;
  commands: LabCommand[];
  /** End the batch after the command that erased a block. */
  stopAfterErase: boolean;
  /** Leave the batch's last command for the first step to play. */
  holdLast: boolean;
}

const GC_DRIVE_WRITES = 20;

/**
 * The batch for one verb. `lastWritten` is the logical page the host wrote last before it
 * (the read's target), known only once the verbs before it have run.
 */
export function scriptBatch(verb: ScriptVerb, logicalPages: number, workload: LabWorkload, lastWritten: number | null, isLast: boolean): ScriptBatch {
  const n = logicalPages;
  switch (verb) {
    case 'fill':
      return { verb, commands: Array.from({ length: n }, (_, unit) => ({ op: 'write', unit })), stopAfterErase: false, holdLast: false };
    case 'overwrite':
      return { verb, commands: Array.from({ length: n }, () => ({ op: 'step', workload })), stopAfterErase: false, holdLast: false };
    case 'gc':
      return { verb, commands: Array.from({ length: n * GC_DRIVE_WRITES }, () => ({ op: 'step', workload })), stopAfterErase: true, holdLast: isLast };
    case 'read':
      return { verb, commands: [{ op: 'read', unit: lastWritten ?? 0 }], stopAfterErase: false, holdLast: isLast };
  }
}
