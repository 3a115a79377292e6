// A step's text as the reader sees it: paragraphs with glossary terms (the glossary's Term
// popover) and live numbers — a summary value of the step's run, formatted as the summary panel
// formats it, or a knob's current value — that change when the run or the knob does.
import { Fragment } from 'react';
import type { Summary, SummaryField } from '../../engine/types';
import { useI18n } from '../../i18n';
import { withUnit } from '../../i18n/units';
import { formatKnobValue, inputUnit } from '../../scenario/knobFormat';
import { formatSummaryValue, summaryValue } from '../../panels/summaryFields';
import type { Knob } from '../../scenario/knobs';
import { getPath, type JsonObject } from '../../scenario/paths';
import { Term } from '../../glossary/Term';
import { isGlossaryId } from '../../glossary/terms';
import { DISPLAY_UNITS, paragraphs, tokenize, type DisplayUnit, type Token } from '../stories/schema';
import { convertUnit } from './liveUnits';

export interface LiveValues {
  summary: Summary | null;
  fields: readonly SummaryField[];
  scenario: JsonObject | null;
  knobs: readonly Knob[];
}

/**
 * A summary value as the summary panel shows it ("24 GiB", "1,353 MB/s"), or in the unit asked
 * for, the unit of the chart beside it ("74 GB", "19.7 ms"); null before the run.
 */
export function summaryText(id: string, live: LiveValues, lang: 'en' | 'ja', locale: string, unit?: string): string | null {
  const field = live.fields.find((f) => f.id === id);
  const value = live.summary ? summaryValue(live.summary, id) : undefined;
  if (!field || typeof value !== 'number') return null;
  const to = (DISPLAY_UNITS as readonly string[]).includes(unit ?? '') ? (unit as DisplayUnit) : null;
  const converted = to ? convertUnit(value, field.unit, to) : null;
  if (to && converted !== null) return withUnit(lang, formatSummaryValue(converted, to, locale), to);
  const text = formatSummaryValue(value, field.unit, locale);
  return field.unit === 'bytes' ? text : withUnit(lang, text, field.unit);
}

/** A knob's value in the form's own words ("61 MiB", "7 %"). */
export function knobValueText(path: string, live: LiveValues, lang: 'en' | 'ja'): string | null {
  const knob = live.knobs.find((k) => k.path === path);
  const value = getPath(live.scenario, path);
  if (!knob || value === undefined) return null;
  const text = formatKnobValue(knob, value);
  // Sizes carry their unit in the text; other knobs name theirs as the form shows it.
  const unit = inputUnit(knob, lang);
  return unit ? `${text}${unit === '%' && lang === 'en' ? '' : ' '}${unit}` : text;
}

function Piece({ token, live }: { token: Token; live: LiveValues }) {
  const { lang, locale } = useI18n();
  if (token.kind === 'text') return <>{token.text}</>;
  if (token.kind === 'term') {
    const words = token.text ?? token.id;
    return isGlossaryId(token.id) ? <Term id={token.id}>{token.text ?? undefined}</Term> : <>{words}</>;
  }
  const text = token.kind === 'summary' ? summaryText(token.id, live, lang, locale, token.unit) : knobValueText(token.path, live, lang);
  const key = token.kind === 'summary' ? token.id : token.path;
  return (
    <span className={`live-number${text === null ? ' pending' : ''}`} data-live={`${token.kind}:${key}`} aria-live="polite">
      {text ?? '…'}
    </span>
  );
}

export function StepText({ text, live }: { text: string; live: LiveValues }) {
  return (
    <>
      {paragraphs(text).map((p, i) => (
        <p key={i}>
          {tokenize(p).map((token, k) => (
            <Fragment key={k}>
              <Piece token={token} live={live} />
            </Fragment>
          ))}
        </p>
      ))}
    </>
  );
}
