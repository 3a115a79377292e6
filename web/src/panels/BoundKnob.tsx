// A knob bound to a session, an embed or a story step through one KnobBinding: its value, its
// "changed" mark and the refusal at the field it names all come from the binding. A knob that
// does nothing on this drive (the engine's `inert`) is held still, with the reason beside it.
import type { Knob } from '../scenario/knobs';
import { inertReason } from '../scenario/knobViews';
import { getPath } from '../scenario/paths';
import type { KnobBinding } from '../session/knobBinding';
import { KnobInput } from './KnobInput';

interface Props {
  knob: Knob;
  binding: KnobBinding;
  /** The path the binding's refusal names among the knobs on screen (`refusedKnob`). */
  refused: string | null;
  disabled?: boolean;
  compact?: boolean;
}

export function BoundKnob({ knob, binding, refused, disabled, compact }: Props) {
  return (
    <KnobInput
      knob={knob}
      kind={binding.kind}
      value={getPath(binding.scenario, knob.path)}
      edited={binding.edited.includes(knob.path)}
      disabled={disabled}
      inert={inertReason(knob, binding.scenario)}
      error={refused === knob.path && binding.error ? binding.error.message : null}
      onChange={(value) => binding.set(knob.path, value)}
      onReset={() => binding.reset(knob.path)}
      compact={compact}
    />
  );
}
