// The input a knob gets for its kind: a choice of options, a text field with its unit (sizes,
// numbers, fio's grammar), and a slider beside the field for knobs with slider stops.
import type { ReactNode } from 'react';
import { useI18n } from '../i18n';
import { optionLabel } from '../i18n/engineText';
import { enumValue, type Knob } from '../scenario/knobs';
import { jsonText, type Json } from '../scenario/paths';
import { formatKnobValue } from '../scenario/knobFormat';
import { nearestStop } from './knobSlider';

/** What every control of a knob shares: its input's id, state and the ids describing it. */
export interface ControlBase {
  id: string;
  knob: Knob;
  value: Json | undefined;
  disabled?: boolean;
  invalid: boolean;
  described: string | undefined;
}

export function KnobChoice({ id, knob, value, disabled, invalid, described, onChange }: ControlBase & { onChange(value: Json): void }) {
  const { lang } = useI18n();
  const options = knob.options ?? [];
  const current = value === null || value === undefined ? '' : jsonText(value);
  return (
    <select id={id} value={current} disabled={disabled} onChange={(e) => onChange(enumValue(e.target.value, value))} aria-invalid={invalid} aria-describedby={described} data-path={knob.path}>
      {!options.includes(current) && <option value={current}>{current}</option>}
      {options.map((o) => (
        <option key={o} value={o}>
          {optionLabel(lang, knob, o)}
        </option>
      ))}
    </select>
  );
}

interface TextFieldProps extends ControlBase {
  draft: string;
  unit: string;
  nullable: boolean;
  /** Typed text: a half-typed value is not an error until the field is left. */
  onType(raw: string): void;
  /** A value stepped with the arrow keys. */
  onStep(raw: string): void;
  onLeave(): void;
}

export function KnobTextField({ id, knob, disabled, invalid, described, draft, unit, nullable, onType, onStep, onLeave }: TextFieldProps) {
  const { t } = useI18n();
  const numeric = knob.kind === 'int' || knob.kind === 'number';
  return (
    <div className={`input-with-unit${unit ? '' : ' no-unit'}`}>
      <input
        id={id}
        type="text"
        inputMode={numeric ? (knob.kind === 'int' ? 'numeric' : 'decimal') : 'text'}
        autoComplete="off"
        spellCheck={false}
        value={draft}
        placeholder={nullable ? t('knob.default') : undefined}
        disabled={disabled}
        aria-invalid={invalid}
        aria-describedby={described}
        data-path={knob.path}
        onChange={(e) => onType(e.target.value)}
        onBlur={onLeave}
        onKeyDown={(e) => {
          if (!numeric || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
          // Arrow keys step whole numbers, like a number input, without its locale quirks.
          const n = Number(draft);
          if (!Number.isFinite(n)) return;
          e.preventDefault();
          const step = knob.kind === 'int' ? (e.shiftKey ? 10 : 1) : Math.abs(n) >= 10 ? (e.shiftKey ? 10 : 1) : 0.1;
          onStep(String(Number((n + (e.key === 'ArrowUp' ? step : -step)).toPrecision(12))));
        }}
      />
      {unit && <span className="unit">{unit}</span>}
    </div>
  );
}

interface SliderProps {
  knob: Knob;
  value: Json | undefined;
  stops: number[];
  unit: string;
  label: string;
  disabled?: boolean;
  onChange(value: Json): void;
  /** The text field the slider sits beside. */
  children: ReactNode;
}

export function KnobSlider({ knob, value, stops, unit, label, disabled, onChange, children }: SliderProps) {
  const { locale } = useI18n();
  const at = typeof value === 'number' ? nearestStop(stops, value, knob.kind === 'bytes') : 0;
  const stopText = (v: number) => (knob.kind === 'bytes' ? formatKnobValue(knob, v) : `${v.toLocaleString(locale)}${unit ? ` ${unit}` : ''}`);
  // Dragging sets the value at each stop, so the run follows as it does while typing.
  return (
    <div className="knob-slider-row">
      <input
        type="range"
        className="knob-slider"
        min={0}
        max={stops.length - 1}
        step={1}
        value={at}
        disabled={disabled}
        aria-label={label}
        aria-valuetext={typeof value === 'number' ? stopText(value) : undefined}
        data-slider={knob.path}
        onChange={(e) => {
          const next = stops[Number(e.target.value)];
          if (next !== undefined && next !== value) onChange(next);
        }}
      />
      {children}
    </div>
  );
}
