// The L2P (logical-to-physical) table of the lab drive: one button per logical page, filled
// when mapped. Choosing one rings its physical page; a read's lookup lights its entry. Arrow
// keys move the choice (one tab stop for the whole table).
import { useRef, type KeyboardEvent } from 'react';
import { useI18n } from '../../i18n';
import { UNMAPPED, type LabModel } from './model';

interface Props {
  model: LabModel;
  selected: number | null;
  /** The logical page the current event concerns (a lookup, a write), if any. */
  active: number | null;
  lookup: boolean;
  onSelect(unit: number): void;
}

export function L2PTable({ model, selected, active, lookup, onSelect }: Props) {
  const { t } = useI18n();
  const ref = useRef<HTMLDivElement>(null);
  const n = model.logicalPages;
  const focusUnit = selected ?? 0;
  const describe = (unit: number) => {
    const slot = model.l2p[unit];
    return slot === UNMAPPED ? t('lab.l2pUnmapped', { unit }) : t('lab.l2pEntry', { unit, block: Math.floor(slot / model.pagesPerBlock), page: slot % model.pagesPerBlock });
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -8, ArrowDown: 8, Home: -n, End: n }[e.key];
    if (step === undefined || e.shiftKey) return;
    e.preventDefault(); // the lab's own arrow keys stay out of the table
    const next = Math.max(0, Math.min(n - 1, focusUnit + step));
    onSelect(next);
    ref.current?.querySelector<HTMLButtonElement>(`[data-unit="${next}"]`)?.focus();
  };
  const shown = active ?? selected;
  return (
    <div className="lab-l2p">
      <div className="lab-l2p-head">
        <span className="lab-l2p-title">{t('lab.l2p')}</span>
        <span className={`lab-l2p-entry${lookup ? ' lookup' : ''}`} data-testid="lab-l2p-entry" aria-live="off">
          {shown !== null && shown < n ? describe(shown) : ''}
        </span>
      </div>
      <div className="lab-l2p-cells" ref={ref} onKeyDown={onKey} role="group" aria-label={t('lab.l2p')}>
        {Array.from({ length: n }, (_, unit) => {
          const mapped = model.l2p[unit] !== UNMAPPED;
          const cls = `lab-l2p-cell${mapped ? ' mapped' : ''}${unit === selected ? ' selected' : ''}${unit === active ? (lookup ? ' lookup' : ' active') : ''}`;
          return (
            <button key={unit} type="button" className={cls} data-unit={unit} aria-pressed={unit === selected} aria-label={describe(unit)} title={describe(unit)} tabIndex={unit === focusUnit ? 0 : -1} onClick={() => onSelect(unit)}>
              {unit}
            </button>
          );
        })}
      </div>
    </div>
  );
}
