// Collapsible groups of knobs, drawn entirely from the engine's knob table: a group or a knob
// the engine adds later appears here with no change to this file.
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../i18n';
import { groupTitle } from '../i18n/engineText';
import type { EngineErrorData } from '../engine/errors';
import { deviceKinds, knobApplies, knobForField, openAtFirst, type KnobGroup } from '../scenario/knobs';
import { getPath, type Json, type JsonObject } from '../scenario/paths';
import { KnobInput } from './KnobInput';

interface Props {
  groups: KnobGroup[];
  scenario: JsonObject;
  kind: string;
  edited: readonly string[];
  /** The engine's refusal, shown at the knob its `field` names. */
  error: EngineErrorData | null;
  disabled?: boolean;
  onChange(path: string, value: Json): void;
  onReset(path: string): void;
}

export function KnobGroups({ groups, scenario, kind, edited, error, disabled, onChange, onReset }: Props) {
  const { t, lang } = useI18n();
  const field = knobForField(
    groups.flatMap((g) => g.knobs),
    error?.field,
  )?.path ?? null;
  // Groups open at first, as the engine's layout says; a group that becomes one later (another
  // preset brings an SLC cache) opens then.
  const [open, setGroupOpen] = useOpenGroups(groups, field, openAtFirst(groups, scenario));

  const kinds = deviceKinds(scenario);
  return (
    <div className="knob-groups">
      {groups.map((g) => {
        // A knob that does not matter now (its `when` fails) is hidden, unless the engine names it.
        const knobs = g.knobs.filter((k) => knobApplies(k, scenario) || k.path === field);
        if (knobs.length === 0) return null;
        const title = groupTitle(lang, g.group, g.place, kinds);
        const changed = knobs.filter((k) => edited.includes(k.path)).length;
        return (
          <details key={g.group} className="knob-group" open={open.has(g.group)} data-group={g.group} onToggle={(e) => setGroupOpen(g.group, e.currentTarget.open)}>
            <summary>
              <span className="group-title">{title}</span>
              {changed > 0 && <span className="group-badge">{t('group.changed', { n: changed })}</span>}
              <span className="group-count muted">{knobs.length}</span>
            </summary>
            <div className="knobs">
              {knobs.map((knob) => (
                <KnobInput
                  key={knob.path}
                  knob={knob}
                  kind={kind}
                  value={getPath(scenario, knob.path)}
                  edited={edited.includes(knob.path)}
                  disabled={disabled}
                  error={field === knob.path && error ? error.message : null}
                  onChange={(v) => onChange(knob.path, v)}
                  onReset={() => onReset(knob.path)}
                />
              ))}
            </div>
          </details>
        );
      })}
    </div>
  );
}

/**
 * Which groups are open: those asked for at first, the one holding a refused knob, and
 * whatever the reader opened or closed by hand.
 */
function useOpenGroups(groups: readonly KnobGroup[], field: string | null, initiallyOpen: readonly string[]) {
  const groupOf = (path: string | null) => groups.find((gr) => gr.knobs.some((k) => k.path === path))?.group;
  const [open, setOpen] = useState<Set<string>>(() => new Set([...initiallyOpen, groupOf(field) ?? '']));

  // A refused value opens its group, so the message is never hidden in a closed section.
  useEffect(() => {
    const g = groupOf(field);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- opening follows a new refusal, once per field
    if (g && !open.has(g)) setOpen((s) => new Set(s).add(g));
    // Only a new message opens a group; closing it again by hand is respected.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [field]);

  // A group that becomes one to open at first (another preset brings an SLC cache) opens once;
  // the others keep whatever the user made of them.
  const openKey = initiallyOpen.join();
  const openedBefore = useRef(openKey);
  useEffect(() => {
    const before = openedBefore.current.split(',');
    openedBefore.current = openKey;
    const added = initiallyOpen.filter((g) => !before.includes(g));
    if (added.length) setOpen((s) => new Set([...s, ...added]));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- openKey stands for initiallyOpen
  }, [openKey]);

  const setGroupOpen = (group: string, isOpen: boolean) =>
    setOpen((s) => {
      if (s.has(group) === isOpen) return s;
      const next = new Set(s);
      if (isOpen) next.add(group);
      else next.delete(group);
      return next;
    });
  return [open, setGroupOpen] as const;
}
