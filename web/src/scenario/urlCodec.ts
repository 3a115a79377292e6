// The share URL: `?v=1&preset=bg4-like&seed=3&device.nand.channels=8&workload.iodepth=16`.
// Readable dotted scenario paths, holding only what differs from the preset (TensorFlow
// Playground style), plus the format version and the seed. Decoding lays the parameters over
// the preset's defaults, so a link made before a field existed still opens (that field simply
// keeps its default), and every parameter that cannot be used is reported, never trusted.
import type { ErrorCode } from '../engine/errors';
import { compactBytes, parseSize } from './bytes';
import type { Knob } from './knobs';
import { flattenLeaves, getPath, isObject, jsonText, sameJson, setPath, splitPath, type Json, type JsonObject } from './paths';

export const URL_FORMAT_VERSION = 1;

/** Parameters that belong to the page (language, embed options, the comparison: pinCodec.ts), not to the scenario. */
export const PAGE_PARAMS = ['v', 'preset', 'lang', 'embed', 'chart', 'controls', 'pin', 'figure'] as const;

/** Scenario fields a link never carries: identity text, and the scenario format's own version. */
const NOT_IN_URL = new Set(['version', 'name', 'description']);

/** Longer query strings than this are refused outright: no real scenario needs one. */
export const MAX_QUERY_CHARS = 8_000;
const MAX_SHOWN_VALUE = 40;

export type UrlIssueCode =
  | 'too-long'
  | 'bad-version'
  | 'newer-version'
  | 'unknown-preset'
  | 'unknown-param'
  | 'bad-value'
  | 'out-of-range'
  | 'not-whole-bytes'
  | 'unsafe-integer'
  | 'duplicate'
  | 'rejected'
  /** The comparison (pinCodec.ts): a pin that cannot be read, an unknown figure, too many pins. */
  | 'bad-pin'
  | 'unknown-figure'
  | 'too-many-pins';

/** Something in a link that was ignored. Shown to the user as text, never as markup. */
export interface UrlIssue {
  code: UrlIssueCode;
  param: string;
  /** The offending value, shortened for display. */
  value?: string;
  /** Extra detail: the allowed range, or the engine's own message. */
  detail?: string;
  /** For `rejected`: the engine's error code. */
  engineCode?: ErrorCode;
  /** The pinned result (1-based, in link order) the problem is in, when it is in one. */
  pin?: number;
}

export interface CodecContext {
  /** Normalised scenario of every preset, by preset name. */
  presets: ReadonlyMap<string, JsonObject>;
  defaultPreset: string;
  /** Normalised default workload of each workload kind (for a link that switches kind). */
  workloadDefaults: Readonly<Record<string, JsonObject>>;
  knobs: readonly Knob[];
  /**
   * Rewrites for links of older formats, index i upgrading version i+1 to i+2. Empty while
   * the format is at version 1; a later rename adds an entry here instead of breaking links.
   */
  migrations?: readonly ((params: URLSearchParams) => void)[];
  /** The current format version (tests pretend the format has grown). */
  formatVersion?: number;
}

export interface Decoded {
  preset: string;
  scenario: JsonObject;
  /** Scenario paths the link set (what differs from the preset). */
  applied: string[];
  issues: UrlIssue[];
}

const short = (value: string) => (value.length > MAX_SHOWN_VALUE ? `${value.slice(0, MAX_SHOWN_VALUE)}…` : value);

/** The preset's scenario, with the workload replaced by `kind`'s defaults when the kind differs. */
export function baseScenario(preset: string, kind: string | null, ctx: CodecContext): JsonObject {
  const scenario = ctx.presets.get(preset) ?? ctx.presets.get(ctx.defaultPreset);
  if (!scenario) throw new Error(`no scenario for preset ${preset}`);
  const presetKind = getPath(scenario, 'workload.kind');
  if (kind === null || kind === presetKind) return scenario;
  const workload = ctx.workloadDefaults[kind];
  return workload ? { ...scenario, workload } : scenario;
}

/** The knob for `path` under this workload kind (workload fields exist only for some kinds). */
function knobAt(ctx: CodecContext, path: string, kind: string): Knob | undefined {
  return ctx.knobs.find((k) => k.path === path && (!k.workloads?.length || k.workloads.includes(kind)));
}

function encodeValue(value: Json, knob: Knob | undefined): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.map((v) => encodeValue(v, knob)).join(',');
  if (typeof value === 'number') return knob && (knob.kind === 'bytes' || knob.kind === 'bytes_list') ? compactBytes(value) : String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * Query parameters for a scenario: format version, preset, seed, then every field that differs
 * from the preset (in the scenario's own order), values in their shortest exact form.
 */
export function encodeScenario(scenario: JsonObject, preset: string, ctx: CodecContext): URLSearchParams {
  const kind = jsonText(getPath(scenario, 'workload.kind'));
  const base = baseScenario(preset, kind, ctx);
  const params = new URLSearchParams();
  params.set('v', String(ctx.formatVersion ?? URL_FORMAT_VERSION));
  params.set('preset', preset);
  params.set('seed', encodeValue(getPath(scenario, 'seed') ?? 0, undefined));
  if (kind !== getPath(ctx.presets.get(preset), 'workload.kind')) params.set('workload.kind', kind);

  const current = flattenLeaves(scenario);
  const defaults = flattenLeaves(base);
  for (const [path, value] of current) {
    if (NOT_IN_URL.has(path) || path === 'seed' || path === 'workload.kind') continue;
    if (defaults.has(path) ? sameJson(defaults.get(path), value) : value === null) continue;
    params.set(path, encodeValue(value, knobAt(ctx, path, kind)));
  }
  // A group the preset sets but this scenario clears (e.g. NAND timing overrides → null).
  for (const path of defaults.keys()) {
    if (current.has(path)) continue;
    const cleared = ancestorIn(current, path);
    if (cleared && !params.has(cleared)) params.set(cleared, 'null');
  }
  return params;
}

function ancestorIn(leaves: Map<string, Json>, path: string): string | null {
  const parts = path.split('.');
  for (let i = parts.length - 1; i > 0; i--) {
    const p = parts.slice(0, i).join('.');
    if (leaves.has(p)) return leaves.get(p) === null ? p : null;
  }
  return null;
}

type Refusal = 'bad-value' | 'out-of-range' | 'not-whole-bytes' | 'unsafe-integer';
type Parsed = { ok: true; value: Json } | { ok: false; code: Refusal; detail?: string };
type Num = { ok: true; value: number } | { ok: false; code: Refusal; detail?: string };

const REFUSAL: Record<'not_whole_bytes' | 'unsafe_integer', Refusal> = { not_whole_bytes: 'not-whole-bytes', unsafe_integer: 'unsafe-integer' };
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * A link value as a number, never rounded: sizes by the shared size grammar, integers only as
 * plain digits within ±(2^53 - 1) (a longer one would silently become another number), other
 * numbers as plain decimals.
 */
function parseNumber(text: string, knob: Knob | undefined, current: Json | undefined): Num {
  if (knob?.kind === 'bytes' || knob?.kind === 'bytes_list') {
    const size = parseSize(text);
    return size.ok ? { ok: true, value: size.bytes } : { ok: false, code: REFUSAL[size.code] };
  }
  const integer = knob ? knob.kind === 'int' : Number.isInteger(current);
  if (integer) {
    if (!/^-?\d{1,400}$/.test(text)) return { ok: false, code: 'bad-value', detail: 'a whole number' };
    const big = BigInt(text);
    if (big > MAX_SAFE || -big > MAX_SAFE) return { ok: false, code: 'unsafe-integer' };
    return { ok: true, value: Number(big) };
  }
  // Number('') is 0 and Number(' 1 ') is 1; a link value must be a plain decimal.
  const n = /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) ? Number(text) : Number.NaN;
  return Number.isFinite(n) ? { ok: true, value: n } : { ok: false, code: 'bad-value' };
}

function checkRange(n: Num, knob: Knob | undefined): Parsed {
  if (!n.ok) return n;
  if (knob && ((knob.min !== undefined && n.value < knob.min) || (knob.max !== undefined && n.value > knob.max))) {
    return { ok: false, code: 'out-of-range', detail: `${knob.min ?? '…'} – ${knob.max ?? '…'}` };
  }
  return n;
}

/** Reads one parameter value, typed like the field it replaces (or as its knob says). */
function parseValue(text: string, current: Json | undefined, knob: Knob | undefined): Parsed {
  // `null` clears a group, a field that is empty already, or a field its knob lets be empty
  // (a NAND timing the preset sets, back to the cell type's default).
  const clearable = current === null || isObject(current) || knob?.nullable === true || (current === undefined && knob && knob.kind !== 'enum' && knob.kind !== 'bool');
  if (text === 'null' && clearable) {
    return { ok: true, value: null };
  }
  if (Array.isArray(current) || knob?.kind === 'bytes_list') {
    const items: number[] = [];
    for (const item of text.split(',')) {
      const size = parseSize(item);
      if (!size.ok) return { ok: false, code: REFUSAL[size.code] };
      items.push(size.bytes);
    }
    return { ok: true, value: items };
  }
  if (typeof current === 'boolean' || knob?.kind === 'bool') {
    if (text === 'true' || text === '1') return { ok: true, value: true };
    if (text === 'false' || text === '0') return { ok: true, value: false };
    return { ok: false, code: 'bad-value', detail: 'true or false' };
  }
  if (knob?.options?.length) {
    if (!knob.options.includes(text)) return { ok: false, code: 'bad-value', detail: knob.options.join(', ') };
    return { ok: true, value: typeof current === 'number' ? Number(text) : text };
  }
  if (typeof current === 'number' || (current === null && knob) || (current === undefined && knob && knob.kind !== 'enum')) {
    return checkRange(parseNumber(text, knob, current), knob);
  }
  if (typeof current === 'string') return text.length > 0 && text.length <= 200 ? { ok: true, value: text } : { ok: false, code: 'bad-value' };
  return { ok: false, code: 'bad-value' };
}

/** True when `path` names a field a link may set: a leaf of the base scenario, or a knob. */
function settable(base: JsonObject, path: string, knob: Knob | undefined): boolean {
  if (NOT_IN_URL.has(path) || !splitPath(path)) return false;
  // An object path is settable too: to `null`, clearing a group such as the timing overrides.
  return getPath(base, path) !== undefined || knob !== undefined;
}

/**
 * Lays a link's parameters over the preset it names (or the default preset). Anything unusable
 * (unknown preset or parameter, bad value, hostile input) is skipped and reported; the
 * scenario still opens.
 */
export function decodeScenario(search: string | URLSearchParams, ctx: CodecContext): Decoded {
  const issues: UrlIssue[] = [];
  const text = typeof search === 'string' ? search : search.toString();
  const fallback = (): Decoded => ({ preset: ctx.defaultPreset, scenario: baseScenario(ctx.defaultPreset, null, ctx), applied: [], issues });
  if (text.length > MAX_QUERY_CHARS) {
    issues.push({ code: 'too-long', param: '', detail: String(MAX_QUERY_CHARS) });
    return fallback();
  }
  const params = new URLSearchParams(text);

  const current = ctx.formatVersion ?? URL_FORMAT_VERSION;
  const vText = params.get('v');
  let version = current;
  if (vText !== null) {
    const v = Number(vText);
    if (!/^\d{1,4}$/.test(vText) || v < 1) issues.push({ code: 'bad-version', param: 'v', value: short(vText) });
    else if (v > current) issues.push({ code: 'newer-version', param: 'v', value: vText });
    else version = v;
  }
  const migrations = ctx.migrations ?? [];
  for (let from = version; from < current; from++) migrations[from - 1]?.(params);

  let preset = ctx.defaultPreset;
  const named = params.get('preset');
  if (named !== null) {
    if (ctx.presets.has(named)) preset = named;
    else issues.push({ code: 'unknown-preset', param: 'preset', value: short(named) });
  }

  // The workload kind decides which fields exist, so it is applied first.
  let kind: string | null = null;
  const kindText = params.get('workload.kind');
  if (kindText !== null) {
    if (Object.hasOwn(ctx.workloadDefaults, kindText)) kind = kindText;
    else issues.push({ code: 'bad-value', param: 'workload.kind', value: short(kindText), detail: Object.keys(ctx.workloadDefaults).join(', ') });
  }
  const base = baseScenario(preset, kind, ctx);
  const kindNow = jsonText(getPath(base, 'workload.kind'));
  let scenario: JsonObject = base;
  const applied: string[] = kind !== null && kind !== getPath(ctx.presets.get(preset), 'workload.kind') ? ['workload.kind'] : [];
  const seen = new Set<string>();

  for (const [param, value] of params) {
    if ((PAGE_PARAMS as readonly string[]).includes(param) || param === 'workload.kind') continue;
    if (seen.has(param)) {
      issues.push({ code: 'duplicate', param: short(param) });
      continue;
    }
    seen.add(param);
    const knob = knobAt(ctx, param, kindNow);
    if (!settable(base, param, knob)) {
      issues.push({ code: 'unknown-param', param: short(param), value: short(value) });
      continue;
    }
    const parsed = parseValue(value, getPath(base, param), knob);
    if (!parsed.ok) {
      issues.push({ code: parsed.code, param, value: short(value), detail: parsed.detail });
      continue;
    }
    scenario = setPath(scenario, param, parsed.value);
    applied.push(param);
  }
  return { preset, scenario, applied, issues };
}

/** Drops one field a link set, back to the preset's value (after the engine refused it). */
export function withoutParam(decoded: Decoded, path: string, ctx: CodecContext): JsonObject {
  const base = baseScenario(decoded.preset, jsonText(getPath(decoded.scenario, 'workload.kind')), ctx);
  const original = getPath(base, path);
  return setPath(decoded.scenario, path, original === undefined ? null : original);
}
