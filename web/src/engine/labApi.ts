// The worker API's NAND lab (web/src/explain/lab/): small drives stepped one host command at a
// time, each open drive kept here by id.
import * as Comlink from 'comlink';
import type { NandLab } from './pkg/ssd_wasm.js';
import type { EngineGuard } from './engineGuard';
import { EngineError } from './errors';
import type { EngineLabConfig, LabBatch, LabCommand, LabOpened } from './types';

/** The event code of an erase, in an event's first word's low byte. */
const ERASE_EVENT = 5;

export function labApi(engine: EngineGuard) {
  const { ready, guard, read } = engine;
  const labs = new Map<number, NandLab>();
  let nextLab = 1;

  return {
    /** The lab a config that says nothing builds: where the lab card starts. */
    async labDefaults(): Promise<EngineLabConfig> {
      await ready;
      return read('lab_defaults', () => engine.wasm.lab_defaults());
    },

    /** Opens a lab drive; refuses a bad config with fields `lab.*`. */
    async labOpen(configJson: string): Promise<LabOpened> {
      await ready;
      const lab = guard(() => new engine.wasm.NandLab(configJson));
      const id = nextLab++;
      labs.set(id, lab);
      return { id, layout: read('lab_layout', () => lab.layout()) };
    },

    /**
     * Runs a batch of host commands in one round trip (the animation never waits on the
     * worker). With `stopAfterErase` the batch ends after the first command that erased a
     * block. A refused command ends the batch; what ran before it is still returned.
     */
    async labRun(id: number, commands: LabCommand[], stopAfterErase = false): Promise<LabBatch> {
      await ready;
      const lab = labs.get(id);
      if (!lab) throw new EngineError({ field: 'lab', code: 'internal', message: `no open lab drive ${id}` });
      const { events, ends, refusal } = runCommands(engine, lab, commands, stopAfterErase);
      const batch: LabBatch = {
        events,
        commandEnds: Uint32Array.from(ends),
        pages: guard(() => lab.pages()),
        eraseCounts: guard(() => lab.erase_counts()),
        counters: read('lab_counters', () => lab.counters()),
        refusal,
      };
      return Comlink.transfer(batch, [batch.events.buffer, batch.commandEnds.buffer, batch.pages.buffer, batch.eraseCounts.buffer] as ArrayBuffer[]);
    },

    async labClose(id: number): Promise<void> {
      await ready;
      const lab = labs.get(id);
      labs.delete(id);
      if (lab && !engine.poisoned()) lab.free();
    },
  };
}

interface Ran {
  /** Every command's events (4 words each), one after another. */
  events: Uint32Array;
  /** The event count after each command that ran. */
  ends: number[];
  refusal: LabBatch['refusal'];
}

function runCommands({ guard }: EngineGuard, lab: NandLab, commands: LabCommand[], stopAfterErase: boolean): Ran {
  const parts: Uint32Array[] = [];
  const ends: number[] = [];
  let words = 0;
  let refusal: LabBatch['refusal'] = null;
  for (const c of commands) {
    let events: Uint32Array;
    try {
      events = guard(() => (c.op === 'step' ? lab.step(c.workload) : lab[c.op](c.unit)));
    } catch (err) {
      // A refusal (an address out of range) ends the batch; a trap ends the engine.
      if (!(err instanceof EngineError) || err.code === 'engine_abort') throw err;
      refusal = err.toData();
      break;
    }
    parts.push(events);
    words += events.length;
    ends.push(words / 4);
    if (stopAfterErase && events.some((w, i) => i % 4 === 0 && (w & 0xff) === ERASE_EVENT)) break;
  }
  const events = new Uint32Array(words);
  parts.reduce((at, p) => (events.set(p, at), at + p.length), 0);
  return { events, ends, refusal };
}
