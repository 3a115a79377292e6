// The one line under the NAND lab that says what the event on screen is, in words: the key of
// its sentence and the numbers to fill in. Blocks, pages and logical pages are counted from 0,
// as the engine counts them.
import type { MessageKey } from '../../i18n/en';
import type { LabNow } from './player';
import type { LabModel } from './model';

export interface Narration {
  key: MessageKey;
  vars: Record<string, number>;
}

export function narrate(now: LabNow | null, model: LabModel | null): Narration {
  if (!now) return { key: 'lab.say.ready', vars: {} };
  const e = now.event;
  const op = now.command.op;
  const unit = 'unit' in now.command ? now.command.unit : 0;
  if (!e) return { key: op === 'trim' ? 'lab.say.trimUnmapped' : 'lab.say.nothing', vars: { unit } };
  const vars = { block: e.block, page: e.page, unit: e.unit };
  switch (e.kind) {
    case 'lookup':
      return e.block === 0xffffffff ? { key: 'lab.say.lookupUnmapped', vars: { unit: e.unit } } : { key: 'lab.say.lookup', vars };
    case 'read':
      return { key: e.stream === 'gc' ? 'lab.say.gcRead' : 'lab.say.hostRead', vars };
    case 'program':
      if (e.stream === 'gc') return { key: 'lab.say.gcProgram', vars };
      return { key: now.index === 1 || op !== 'step' ? 'lab.say.hostProgram' : 'lab.say.hostProgramAfterGc', vars };
    case 'invalidate':
      if (op === 'trim') return { key: 'lab.say.trim', vars };
      return { key: e.stream === 'gc' ? 'lab.say.movedStale' : 'lab.say.overwriteStale', vars };
    case 'victim':
      // A victim with no valid pages has nothing to copy: saying "copying them" would be false.
      return e.page === 0 ? { key: 'lab.say.victimEmpty', vars: { block: e.block } } : { key: 'lab.say.victim', vars: { block: e.block, valid: e.page } };
    case 'erase':
      return { key: 'lab.say.erase', vars: { block: e.block, count: model?.eraseCounts[e.block] ?? 0, pages: model?.pagesPerBlock ?? 0 } };
  }
}
