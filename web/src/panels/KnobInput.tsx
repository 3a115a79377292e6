// One knob, built from the engine's description of it: the input follows its kind (number,
// size, switch, choice, list of sizes), and its label, unit, range and help come with it. Any
// parseable value is passed on, even out of range, so the engine's own message is what shows.
import { useEffect, useId, useState } from 'react';
import { useI18n, type MessageKey } from '../i18n';
import { knobText, optionLabel } from '../i18n/engineText';
import { parseBytes } from '../scenario/bytes';
import { enumValue, parseBytesList, type Knob } from '../scenario/knobs';
import type { Json } from '../scenario/paths';
import { Switch } from '../ui/Switch';
import { formatKnobValue, formatRange, inputUnit } from './knobFormat';

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
  // An outside change (preset, JSON editor, reset) replaces the draft; typing does not.
  useEffect(() => {
    setDraft(shown);
    setLocal(null);
  }, [shown]);

  const nullable = value === null || (value === undefined && (knob.kind === 'number' || knob.kind === 'int'));
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const message = error ?? (local ? t(local) : null);
  const described = [compact ? null : helpId, message ? errorId : null].filter(Boolean).join(' ') || undefined;

  const commitText = (raw: string) => {
    setDraft(raw);
    const trimmed = raw.trim();
    if (trimmed === '' && nullable) {
      setLocal(null);
      onChange(null);
      return;
    }
    if (knob.kind === 'bytes') {
      const n = parseBytes(trimmed);
      if (Number.isFinite(n)) {
        setLocal(null);
        onChange(n);
      } else setLocal('knob.badSize');
      return;
    }
    if (knob.kind === 'bytes_list') {
      const list = parseBytesList(trimmed);
      if (list.length && list.every(Number.isFinite)) {
        setLocal(null);
        onChange(list);
      } else setLocal('knob.badSizeList');
      return;
    }
    const n = Number(trimmed);
    if (trimmed !== '' && Number.isFinite(n)) {
      setLocal(null);
      onChange(n);
    } else setLocal('knob.badNumber');
  };

  let control;
  if (knob.kind === 'bool') {
    control = (
      <Switch label={value ? t('knob.on') : t('knob.off')} ariaLabel={text.label} checked={value === true} disabled={disabled} onChange={(v) => onChange(v)} testId={`input-${knob.path}`} />
    );
  } else if (knob.kind === 'enum' || knob.options?.length) {
    const options = knob.options ?? [];
    const current = value === null || value === undefined ? '' : String(value);
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
          onChange={(e) => commitText(e.target.value)}
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
  }

  return (
    <div className={`knob${message ? ' knob-invalid' : ''}${edited ? ' knob-edited' : ''}${compact ? ' knob-compact' : ''}`} data-knob={knob.path}>
      <div className="knob-head">
        <label htmlFor={knob.kind === 'bool' ? undefined : id} className="knob-label" title={compact ? text.help : undefined}>
          {edited && <span className="edited-dot" title={t('knob.edited')} aria-label={t('knob.edited')} />}
          {text.label}
        </label>
        <span className="knob-range" title={t('knob.rangeTitle')}>
          {range ?? (knob.kind === 'enum' || knob.kind === 'bool' || knob.options?.length || compact ? '' : t('knob.rangeDepends'))}
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
