// The text typed into a knob and the value it stands for: the draft follows the value when it
// changes from outside, and a draft that is not a value yet gets a local message, not a run.
import { useEffect, useId, useState } from 'react';
import { reportDraft } from '../ui/fieldDrafts';
import type { MessageKey } from '../i18n';
import { parseBytes, parseSize } from '../scenario/bytes';
import { parseBytesList, type Knob } from '../scenario/knobs';
import { sameJson, type Json } from '../scenario/paths';
import { formatKnobValue } from '../scenario/knobFormat';

export function useKnobDraft(knob: Knob, value: Json | undefined, nullable: boolean, onChange: (value: Json) => void) {
  const shown = formatKnobValue(knob, value);
  const [draft, setDraft] = useState(shown);
  const [local, setLocal] = useState<MessageKey | null>(null);
  const [typing, setTyping] = useState(false);
  // The page says it at the top too (and stops calling the last run "Finished") once the field is left.
  const owner = useId();
  const problem = local && !typing ? local : null;
  useEffect(() => {
    reportDraft(owner, problem ? { path: knob.path, key: problem, text: draft } : null);
  }, [owner, problem, knob.path, draft]);
  useEffect(() => () => reportDraft(owner, null), [owner]);
  // An outside change (preset, JSON editor, reset) replaces the draft; typing does not, even
  // when the typed text is not how the value is shown ("6" on the way to "61 MiB").
  useEffect(() => {
    if (!sameJson(parseDraft(knob, draft), value ?? null)) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the draft follows an outside change of the value, once per change
      setDraft(shown);
      setLocal(null);
    }
    // Only a new value from outside matters here, not each keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [shown]);

  const commitText = (raw: string) => {
    setDraft(raw);
    const parsed = parseDraft(knob, raw, nullable);
    if (parsed === undefined) {
      setLocal(draftProblem(knob, raw));
      return;
    }
    setLocal(null);
    if (!sameJson(parsed, value ?? null)) onChange(parsed);
  };

  /** Leaving the field shows the value the way it is written everywhere ("4k" → "4 KiB"). */
  const settle = () => {
    setTyping(false);
    if (sameJson(parseDraft(knob, draft, nullable), value ?? null)) setDraft(shown);
  };

  return { draft, local, typing, setTyping, commitText, settle };
}

/**
 * The value a typed text stands for: a number, a size in bytes, a list of sizes, null (empty,
 * for a field whose default comes from elsewhere), or undefined when it is not a value yet.
 */
export function parseDraft(knob: Knob, raw: string, nullable = true): Json | undefined {
  const text = raw.trim();
  // Text with its own grammar (fio's random_distribution): the engine checks it and says why.
  if (knob.kind === 'text') return text;
  if (text === '') return nullable && (knob.kind === 'int' || knob.kind === 'number') ? null : undefined;
  if (knob.kind === 'bytes') {
    const n = parseBytes(text);
    return Number.isFinite(n) ? n : undefined;
  }
  if (knob.kind === 'bytes_list') {
    const list = parseBytesList(text);
    return list.length && list.every(Number.isFinite) ? list : undefined;
  }
  const n = Number(text);
  if (!Number.isFinite(n)) return undefined;
  // Past 2^53 - 1 the text would silently become another integer; refuse it instead.
  if (Number.isInteger(n) && !Number.isSafeInteger(n)) return undefined;
  return n;
}

/** Why typed text is not a value: a size that is not whole bytes reads differently from a typo. */
export function draftProblem(knob: Knob, raw: string): MessageKey {
  if (knob.kind === 'bytes' || knob.kind === 'bytes_list') {
    const items = knob.kind === 'bytes' ? [raw] : raw.split(/[,\s]+/).filter(Boolean);
    const reasons = items.map((t) => parseSize(t)).flatMap((r) => (r.ok ? [] : [r.reason]));
    if (reasons.includes('not_a_size') || reasons.length === 0) return knob.kind === 'bytes' ? 'knob.badSize' : 'knob.badSizeList';
    return reasons.includes('too_large') ? 'knob.unsafeInteger' : 'knob.fractionOfByte';
  }
  const n = Number(raw.trim());
  return Number.isInteger(n) && !Number.isSafeInteger(n) ? 'knob.unsafeInteger' : 'knob.badNumber';
}
