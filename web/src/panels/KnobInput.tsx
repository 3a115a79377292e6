// One knob, built from the engine's description of it: the input follows its kind (number,
// size, switch, choice, list of sizes, text), and its label, unit, range and help come with it. Any
// parseable value is passed on, even out of range, so the engine's own message is what shows.
import { useId } from 'react';
import { useI18n } from '../i18n';
import { inertText, knobText } from '../i18n/engineText';
import type { Inert } from '../scenario/knobViews';
import type { Knob } from '../scenario/knobs';
import type { Json } from '../scenario/paths';
import { Switch } from '../ui/Switch';
import { KnobChoice, KnobSlider, KnobTextField, type ControlBase } from './KnobControls';
import { useKnobDraft } from './knobDraft';
import { formatRange, inputUnit, knobUnitText, readableSize } from '../scenario/knobFormat';
import { sliderStops } from './knobSlider';

export { draftProblem, parseDraft } from './knobDraft';

interface Props {
  knob: Knob;
  /** The workload kind (some knobs read differently per kind). */
  kind: string;
  value: Json | undefined;
  edited: boolean;
  disabled?: boolean;
  /** Why the knob does nothing on this drive (the engine's catalogue): it is held still and says so. */
  inert?: Inert | null;
  /** The engine's message when it rejected this field. */
  error: string | null;
  onChange(value: Json): void;
  onReset(): void;
  compact?: boolean;
}

export function KnobInput({ knob, kind, value, edited, disabled: held, inert, error, onChange, onReset, compact }: Props) {
  const { t, lang } = useI18n();
  // A knob that does nothing cannot be moved (its reset stays, to undo an earlier move).
  const disabled = held || !!inert;
  const id = useId();
  const text = knobText(lang, knob, kind);
  const nullable = knob.nullable === true || value === null;
  const { draft, local, typing, setTyping, commitText, settle } = useKnobDraft(knob, value, nullable, onChange);
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  // A half-typed value is not an error yet; it becomes one when the field is left. What the field
  // says now comes first: the engine's words on an earlier value ("(got -5)") are not about "abc".
  const message = (local && !typing ? t(local) : null) ?? error;
  const inertId = `${id}-inert`;
  const described = [compact ? null : helpId, inert ? inertId : null, message ? errorId : null].filter(Boolean).join(' ') || undefined;
  const base: ControlBase = { id, knob, value, disabled, invalid: !!message, described };
  const approx = readableSize(knob, value);

  let control;
  if (knob.kind === 'bool') {
    control = (
      <Switch label={value ? t('knob.on') : t('knob.off')} ariaLabel={text.label} checked={value === true} disabled={disabled} onChange={(v) => onChange(v)} testId={`input-${knob.path}`} />
    );
  } else if (knob.kind === 'enum' || knob.options?.length) {
    control = <KnobChoice {...base} onChange={onChange} />;
  } else {
    const unit = inputUnit(knob, lang);
    const onType = (raw: string) => {
      setTyping(true);
      commitText(raw);
    };
    control = <KnobTextField {...base} draft={draft} unit={unit} nullable={nullable} onType={onType} onStep={commitText} onLeave={settle} />;
    const stops = compact ? null : sliderStops(knob);
    if (stops) {
      control = (
        <KnobSlider knob={knob} value={value} stops={stops} unit={unit} label={text.label} disabled={disabled} onChange={onChange}>
          {control}
        </KnobSlider>
      );
    }
  }

  return (
    <div className={`knob${message ? ' knob-invalid' : ''}${edited ? ' knob-edited' : ''}${compact ? ' knob-compact' : ''}`} data-knob={knob.path}>
      <KnobHead knob={knob} inputId={id} label={text.label} help={text.help} edited={edited} disabled={held} compact={compact} onReset={onReset} />
      {control}
      {approx && (
        <p className="knob-approx muted small" data-testid={`approx-${knob.path}`}>
          {approx}
        </p>
      )}
      {!compact && (
        <p className="knob-help" id={helpId}>
          {text.help}
        </p>
      )}
      {inert && (
        <p className="knob-inert muted small" id={inertId} data-inert={inert.id}>
          {inertText(lang, inert)}
        </p>
      )}
      {message && (
        <p className="field-error" id={errorId} role="alert">
          {message}
        </p>
      )}
    </div>
  );
}

interface HeadProps {
  knob: Knob;
  inputId: string;
  label: string;
  help: string;
  edited: boolean;
  disabled?: boolean;
  compact?: boolean;
  onReset(): void;
}

/** The knob's label (a dot when edited), its range with the unit, and a reset button. */
function KnobHead({ knob, inputId, label, help, edited, disabled, compact, onReset }: HeadProps) {
  const { t, locale, lang } = useI18n();
  const range = formatRange(knob, locale);
  return (
    <div className="knob-head">
      <label htmlFor={knob.kind === 'bool' ? undefined : inputId} className="knob-label" title={compact ? help : undefined}>
        {edited && <span className="edited-dot" title={t('knob.edited')} aria-label={t('knob.edited')} />}
        {label}
      </label>
      <span className="knob-range" title={t('knob.rangeTitle')}>
        {range ?? (knob.kind === 'enum' || knob.kind === 'bool' || knob.kind === 'text' || knob.options?.length || compact ? '' : t('knob.rangeDepends'))}
        {range && knob.unit && (knob.kind === 'int' || knob.kind === 'number') ? ` ${knobUnitText(knob.unit, lang)}` : ''}
      </span>
      {edited && (
        <button type="button" className="knob-reset" onClick={onReset} disabled={disabled} aria-label={t('knob.resetOne', { label })} title={t('knob.resetOne', { label })}>
          ↺
        </button>
      )}
    </div>
  );
}
