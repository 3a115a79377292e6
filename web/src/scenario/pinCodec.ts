// The comparison in a share link: pinned results and an article figure overlay, so a shared
// link (or a reload) redraws the same comparison. A pin is written the way the main scenario
// is (urlCodec's dotted `path=value` diff from a preset), packed into one parameter:
//
//   ?v=1&preset=bg4-like&seed=1&figure=article-000-random-read&pin=bg4-like~workload.iodepth:4
//
// `pin=<preset>~<path>:<value>~…` (repeatable; the seed only when it differs from the
// preset's), `figure=<figure id>` or `figure=<figure id>:<member>,<member>` when only some of
// its members are on the chart. Both share the link's `v=` format version and its migrations.
// Only the scenarios travel: the page re-runs them (same scenario + seed → same numbers).
// A pin that cannot be read is reported as a UrlIssue and left out; the page still opens.
import { getPath, jsonText, type JsonObject } from './paths';
import { decodeScenario, encodeScenario, URL_FORMAT_VERSION, type CodecContext, type Decoded, type UrlIssue } from './urlCodec';

export const PIN_PARAM = 'pin';
export const FIGURE_PARAM = 'figure';
/** More pins than the compare overlay keeps (usePins' MAX_PINS) are not read. */
export const MAX_LINK_PINS = 8;
/** One pin longer than this is refused: a real diff from a preset is a few dozen characters. */
export const MAX_PIN_CHARS = 1_000;

const SEP = '~';
const KV = ':';

/** A pinned scenario, as a diff from the preset it started from. */
export interface PinSpec {
  preset: string;
  scenario: JsonObject;
}

/** An article figure overlay: all its members (`members` null) or the listed ones, in figure order. */
export interface FigureSpec {
  figure: string;
  members: string[] | null;
}

/** What the codec needs to know about figures: their ids and their members' ids. */
export interface FigureIndex {
  name: string;
  members: readonly { id: string }[];
}

// `~` separates fields and `%` escapes; neither appears in a preset name or a knob path.
const escape = (value: string) => value.replace(/%/g, '%25').replace(/~/g, '%7E');
const unescape = (value: string) => value.replace(/%7E/gi, SEP).replace(/%25/g, '%');

/** One pin as its `pin=` value: the preset, then each field that differs from it. */
export function encodePin(spec: PinSpec, ctx: CodecContext): string {
  const params = encodeScenario(spec.scenario, spec.preset, ctx);
  const parts = [spec.preset];
  const presetSeed = getPath(ctx.presets.get(spec.preset), 'seed');
  for (const [key, value] of params) {
    if (key === 'v' || key === 'preset') continue;
    if (key === 'seed' && value === jsonText(presetSeed ?? 0)) continue;
    parts.push(`${key}${KV}${escape(value)}`);
  }
  return parts.join(SEP);
}

export type PinDecoded = { ok: true; decoded: Decoded } | { ok: false; issue: UrlIssue };

/**
 * One `pin=` value back to a scenario laid over its preset. `index` is 1-based, for messages.
 * The link's format `version` applies to the pin too (old pins are migrated like old links).
 */
export function decodePin(text: string, index: number, ctx: CodecContext, version = ctx.formatVersion ?? URL_FORMAT_VERSION): PinDecoded {
  const refuse = (detail: string, value?: string): PinDecoded => ({ ok: false, issue: { code: 'bad-pin', param: String(index), value: value === undefined ? undefined : short(value), detail, pin: index } });
  if (text.length > MAX_PIN_CHARS) return refuse('too-long');
  const [preset, ...fields] = text.split(SEP);
  if (!preset || !ctx.presets.has(preset)) return refuse('unknown-preset', preset ?? '');
  const params = new URLSearchParams();
  params.set('v', String(version));
  params.set('preset', preset);
  for (const field of fields) {
    const at = field.indexOf(KV);
    if (at <= 0) return refuse('bad-field', field);
    const key = field.slice(0, at);
    // A pin holds a scenario only: page options and nested pins are not fields.
    if (key === 'v' || key === 'preset' || key === PIN_PARAM || key === FIGURE_PARAM) return refuse('bad-field', field);
    params.append(key, unescape(field.slice(at + 1)));
  }
  const decoded = decodeScenario(params, ctx);
  // Problems inside a pin read as that pin's: "Pinned result 2: …".
  return { ok: true, decoded: { ...decoded, issues: decoded.issues.map((issue) => ({ ...issue, pin: index })) } };
}

export function encodeFigure(spec: FigureSpec): string {
  return spec.members ? `${spec.figure}${KV}${spec.members.join(',')}` : spec.figure;
}

export function decodeFigure(text: string, figures: readonly FigureIndex[]): { ok: true; spec: FigureSpec } | { ok: false; issue: UrlIssue } {
  const at = text.indexOf(KV);
  const name = at < 0 ? text : text.slice(0, at);
  const figure = figures.find((f) => f.name === name);
  if (!figure) return { ok: false, issue: { code: 'unknown-figure', param: FIGURE_PARAM, value: short(name) } };
  if (at < 0) return { ok: true, spec: { figure: name, members: null } };
  const wanted = new Set(text.slice(at + 1).split(','));
  const members = figure.members.map((m) => m.id).filter((id) => wanted.has(id));
  if (members.length === 0) return { ok: false, issue: { code: 'unknown-figure', param: FIGURE_PARAM, value: short(text) } };
  // Unknown member ids (a member renamed since) are ignored; the members that exist still draw.
  return { ok: true, spec: { figure: name, members: members.length === figure.members.length ? null : members } };
}

/** The comparison as query parameters, figure first (its members lead the overlay). */
export function encodeComparison(figure: FigureSpec | null, pins: readonly PinSpec[], ctx: CodecContext): [string, string][] {
  const out: [string, string][] = [];
  if (figure) out.push([FIGURE_PARAM, encodeFigure(figure)]);
  for (const pin of pins) out.push([PIN_PARAM, encodePin(pin, ctx)]);
  return out;
}

export interface DecodedComparison {
  figure: FigureSpec | null;
  /** Each pin as decoded (the engine has not validated it yet), with its 1-based place in the link. */
  pins: { index: number; decoded: Decoded }[];
  issues: UrlIssue[];
}

/** Reads the comparison from a link. Never throws: anything unusable becomes an issue. */
export function decodeComparison(search: string | URLSearchParams, ctx: CodecContext, figures: readonly FigureIndex[]): DecodedComparison {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const issues: UrlIssue[] = [];
  const current = ctx.formatVersion ?? URL_FORMAT_VERSION;
  const vText = params.get('v');
  // An unreadable or newer `v` is reported by the scenario's decoder; pins then read as current.
  const version = vText !== null && /^\d{1,4}$/.test(vText) && Number(vText) >= 1 && Number(vText) <= current ? Number(vText) : current;

  let figure: FigureSpec | null = null;
  const figureTexts = params.getAll(FIGURE_PARAM);
  if (figureTexts.length > 1) issues.push({ code: 'duplicate', param: FIGURE_PARAM });
  if (figureTexts.length) {
    const read = decodeFigure(figureTexts[0], figures);
    if (read.ok) figure = read.spec;
    else issues.push(read.issue);
  }
  const named = figure?.figure;
  const figureCount = figure ? (figure.members ?? figures.find((f) => f.name === named)?.members ?? []).length : 0;
  const room = Math.max(0, MAX_LINK_PINS - figureCount);

  const pins: DecodedComparison['pins'] = [];
  const texts = params.getAll(PIN_PARAM);
  let skipped = 0;
  texts.forEach((text, i) => {
    if (pins.length >= room) {
      skipped += 1;
      return;
    }
    const read = decodePin(text, i + 1, ctx, version);
    if (!read.ok) issues.push(read.issue);
    else {
      pins.push({ index: i + 1, decoded: read.decoded });
      issues.push(...read.decoded.issues);
    }
  });
  if (skipped > 0) issues.push({ code: 'too-many-pins', param: PIN_PARAM, value: String(skipped), detail: String(MAX_LINK_PINS) });
  return { figure, pins, issues };
}

const short = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);
