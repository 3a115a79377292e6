// Collapsible groups of knobs, drawn entirely from the engine's knob table: a group or a knob
// the engine adds later appears here with no change to this file.
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../i18n';
import { groupTitle } from '../i18n/engineText';
import { deviceKinds, knobApplies, openAtFirst, type KnobGroup } from '../scenario/knobs';
import { refusedKnob, type KnobBinding } from '../session/knobBinding';
import { BoundKnob } from './BoundKnob';

interface Props {
  groups: KnobGroup[];
  /** The scenario the knobs show and edit, and the engine's refusal (shown at the knob it names). */
  binding: KnobBinding;
  disabled?: boolean;
}

export function KnobGroups({ groups, binding, disabled }: Props) {
  const { t, lang } = useI18n();
  const { scenario, edited } = binding;
  const field = refusedKnob(
    binding,
    groups.flatMap((g) => g.knobs),
  );
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
                <BoundKnob key={knob.path} knob={knob} binding={binding} refused={field} disabled={disabled} />
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
