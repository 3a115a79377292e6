// One knob, built from the engine's description of it: the input follows its kind (number,
// size, switch, choice, list of sizes, text), and its label, unit, range and help come with it. Any
// parseable value is passed on, even out of range, so the engine's own message is what shows.
import { useEffect, useId, useState } from 'react';
import { useI18n, type MessageKey } from '../i18n';
import { knobText, optionLabel } from '../i18n/engineText';
import { parseBytes, parseSize } from '../scenario/bytes';
import { enumValue, parseBytesList, type Knob } from '../scenario/knobs';
import { jsonText, sameJson, type Json } from '../scenario/paths';
import { Switch } from '../ui/Switch';
import { formatKnobValue, formatRange, inputUnit } from './knobFormat';
import { nearestStop, sliderStops } from './knobSlider';

interface Props {
  knob: Knob;
  /** The workload kind (some knobs read differently per kind). */
  kind: string;
  value: Json | undefined;
  edited: boolean;
  disabled?: boolean;
  /** The engine's message when it rejected this field. */
  error: string | null;
  onChange(value: Json): void;
  onReset(): void;
  compact?: boolean;
}

export function KnobInput({ knob, kind, value, edited, disabled, error, onChange, onReset, compact }: Props) {
  const { t, lang, locale } = useI18n();
  const id = useId();
  const text = knobText(lang, knob, kind);
  const range = formatRange(knob, locale);
  const shown = formatKnobValue(knob, value);
  const [draft, setDraft] = useState(shown);
  const [local, setLocal] = useState<MessageKey | null>(null);
  const [typing, setTyping] = useState(false);
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

  const nullable = knob.nullable === true || value === null;
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  // A half-typed value is not an error yet; it becomes one when the field is left.
  const message = error ?? (local && !typing ? t(local) : null);
  const described = [compact ? null : helpId, message ? errorId : null].filter(Boolean).join(' ') || undefined;

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

  let control;
  if (knob.kind === 'bool') {
    control = (
      <Switch label={value ? t('knob.on') : t('knob.off')} ariaLabel={text.label} checked={value === true} disabled={disabled} onChange={(v) => onChange(v)} testId={`input-${knob.path}`} />
    );
  } else if (knob.kind === 'enum' || knob.options?.length) {
    const options = knob.options ?? [];
    const current = value === null || value === undefined ? '' : jsonText(value);
    control = (
      <select id={id} value={current} disabled={disabled} onChange={(e) => onChange(enumValue(e.target.value, value))} aria-invalid={!!message} aria-describedby={described} data-path={knob.path}>
        {!options.includes(current) && <option value={current}>{current}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {optionLabel(lang, knob.path, o)}
          </option>
        ))}
      </select>
    );
  } else {
    const numeric = knob.kind === 'int' || knob.kind === 'number';
    const unit = inputUnit(knob);
    control = (
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
          aria-invalid={!!message}
          aria-describedby={described}
          data-path={knob.path}
          onChange={(e) => {
            setTyping(true);
            commitText(e.target.value);
          }}
          onBlur={() => {
            setTyping(false);
            // Leaving the field shows the value the way it is written everywhere ("4k" → "4 KiB").
            if (sameJson(parseDraft(knob, draft, nullable), value ?? null)) setDraft(shown);
          }}
          onKeyDown={(e) => {
            if (!numeric || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
            // Arrow keys step whole numbers, like a number input, without its locale quirks.
            const n = Number(draft);
            if (!Number.isFinite(n)) return;
            e.preventDefault();
            const step = knob.kind === 'int' ? (e.shiftKey ? 10 : 1) : Math.abs(n) >= 10 ? (e.shiftKey ? 10 : 1) : 0.1;
            commitText(String(Number((n + (e.key === 'ArrowUp' ? step : -step)).toPrecision(12))));
          }}
        />
        {unit && <span className="unit">{unit}</span>}
      </div>
    );
    const stops = compact ? null : sliderStops(knob);
    if (stops) {
      const at = typeof value === 'number' ? nearestStop(stops, value, knob.kind === 'bytes') : 0;
      const stopText = (v: number) => (knob.kind === 'bytes' ? formatKnobValue(knob, v) : `${v.toLocaleString(locale)}${unit ? ` ${unit}` : ''}`);
      // Dragging sets the value at each stop, so the run follows as it does while typing.
      control = (
        <div className="knob-slider-row">
          <input
            type="range"
            className="knob-slider"
            min={0}
            max={stops.length - 1}
            step={1}
            value={at}
            disabled={disabled}
            aria-label={text.label}
            aria-valuetext={typeof value === 'number' ? stopText(value) : undefined}
            data-slider={knob.path}
            onChange={(e) => {
              const next = stops[Number(e.target.value)];
              if (next !== undefined && next !== value) onChange(next);
            }}
          />
          {control}
        </div>
      );
    }
  }

  return (
    <div className={`knob${message ? ' knob-invalid' : ''}${edited ? ' knob-edited' : ''}${compact ? ' knob-compact' : ''}`} data-knob={knob.path}>
      <div className="knob-head">
        <label htmlFor={knob.kind === 'bool' ? undefined : id} className="knob-label" title={compact ? text.help : undefined}>
          {edited && <span className="edited-dot" title={t('knob.edited')} aria-label={t('knob.edited')} />}
          {text.label}
        </label>
        <span className="knob-range" title={t('knob.rangeTitle')}>
          {range ?? (knob.kind === 'enum' || knob.kind === 'bool' || knob.kind === 'text' || knob.options?.length || compact ? '' : t('knob.rangeDepends'))}
          {range && knob.unit && (knob.kind === 'int' || knob.kind === 'number') ? ` ${knob.unit}` : ''}
        </span>
        {edited && !compact && (
          <button type="button" className="knob-reset" onClick={onReset} disabled={disabled} aria-label={t('knob.resetOne', { label: text.label })} title={t('knob.resetOne', { label: text.label })}>
            ↺
          </button>
        )}
      </div>
      {control}
      {!compact && (
        <p className="knob-help" id={helpId}>
          {text.help}
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
