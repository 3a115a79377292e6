// An on/off switch: a real checkbox (labelled, keyboard operable) styled as a switch.
import { useId } from 'react';

interface Props {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
  testId?: string;
  title?: string;
  /** The accessible name when the visible label is only a state ("On"), e.g. a knob's label. */
  ariaLabel?: string;
}

export function Switch({ label, checked, onChange, disabled, testId, title, ariaLabel }: Props) {
  const id = useId();
  return (
    <label className="switch" htmlFor={id} title={title}>
      <input id={id} type="checkbox" role="switch" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} data-testid={testId} aria-label={ariaLabel} />
      <span className="switch-track" aria-hidden="true">
        <span className="switch-thumb" />
      </span>
      <span className="switch-label">{label}</span>
    </label>
  );
}
