import { useEffect, useId, useState } from 'react';
import type { Knob } from '../scenario/knobs';

interface Props {
  knob: Knob;
  value: number | string;
  disabled: boolean;
  /** The engine's message when it rejected this knob's field. */
  error: string | null;
  onChange(value: number | string): void;
}

/**
 * One knob. Number inputs keep a local draft so half-typed text ("0.", "") is not forced back
 * to the last valid number; any number is passed on, even out of range, so the engine's own
 * range message is what the user sees.
 */
export function KnobField({ knob, value, disabled, error, onChange }: Props) {
  const id = useId();
  const [draft, setDraft] = useState(String(value));
  useEffect(() => {
    if (Number(draft) !== value || draft.trim() === '') setDraft(String(value));
    // Only an outside change of `value` resets the draft, so `draft` is not a dependency.
  }, [value]);

  const errorId = `${id}-error`;
  return (
    <div className={`knob${error ? ' knob-invalid' : ''}`} data-knob={knob.id}>
      <label htmlFor={id}>
        <span className="knob-label">{knob.label}</span>
        <span className="knob-hint">{knob.hint}</span>
      </label>
      {knob.kind === 'choice' ? (
        <select id={id} value={String(value)} disabled={disabled} onChange={(e) => onChange(e.target.value)} aria-invalid={!!error} aria-describedby={error ? errorId : undefined}>
          {!knob.options.some((o) => o.value === String(value)) && <option value={String(value)}>{String(value)}</option>}
          {knob.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <div className="input-with-unit">
          <input
            id={id}
            type="number"
            inputMode="decimal"
            min={knob.min}
            step={knob.step}
            value={draft}
            disabled={disabled}
            aria-invalid={!!error}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => {
              setDraft(e.target.value);
              const n = e.target.valueAsNumber;
              if (Number.isFinite(n)) onChange(n);
            }}
          />
          <span className="unit">{knob.unit}</span>
        </div>
      )}
      {error && (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
