// Collapsible groups of knobs, drawn entirely from the engine's knob table: a group or a knob
// the engine adds later appears here with no change to this file.
import { useEffect, useRef, useState } from 'react';
import { useI18n, type MessageKey } from '../i18n';
import type { EngineErrorData } from '../engine/errors';
import { DEFAULT_DEVICE_KIND, deviceKinds, knobApplies, knobForField, type KindsInUse, type KnobGroup } from '../scenario/knobs';
import { getPath, type Json, type JsonObject } from '../scenario/paths';
import { KnobInput } from './KnobInput';

const GROUP_KEYS = ['media', 'tier', 'xpoint', 'hdd', 'capacity', 'slc_cache', 'mapping', 'hmb', 'gc', 'host', 'controller', 'workload', 'host_cpu', 'precondition', 'run'];

/**
 * `kinds`: the device kinds in use (`deviceKinds`). Cell type is NAND's word: the media group
 * of a drive without NAND (not even as a hybrid's tier) holds only the kind.
 */
export function groupTitleKey(group: string, kinds: KindsInUse = DEFAULT_DEVICE_KIND): MessageKey | null {
  if (group === 'media' && !(typeof kinds === 'string' ? [kinds] : kinds).includes(DEFAULT_DEVICE_KIND)) return 'group.media.other';
  return GROUP_KEYS.includes(group) ? (`group.${group}` as MessageKey) : null;
}

interface Props {
  groups: KnobGroup[];
  scenario: JsonObject;
  kind: string;
  edited: readonly string[];
  /** The engine's refusal, shown at the knob its `field` names. */
  error: EngineErrorData | null;
  disabled?: boolean;
  /** Groups open at first; a group added here later (a preset with an SLC cache) opens then. */
  initiallyOpen: readonly string[];
  onChange(path: string, value: Json): void;
  onReset(path: string): void;
}

export function KnobGroups({ groups, scenario, kind, edited, error, disabled, initiallyOpen, onChange, onReset }: Props) {
  const { t } = useI18n();
  const field = knobForField(
    groups.flatMap((g) => g.knobs),
    error?.field,
  )?.path ?? null;
  const [open, setGroupOpen] = useOpenGroups(groups, field, initiallyOpen);

  const kinds = deviceKinds(scenario);
  return (
    <div className="knob-groups">
      {groups.map((g) => {
        // A knob that does not matter now (its `when` fails) is hidden, unless the engine names it.
        const knobs = g.knobs.filter((k) => knobApplies(k, scenario) || k.path === field);
        if (knobs.length === 0) return null;
        const key = groupTitleKey(g.group, kinds);
        const title = key ? t(key) : g.group.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
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
