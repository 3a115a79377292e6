// The shape of a story file (one JSON file per story) and its validator. Stories are pure data:
// text in both languages, and per step what to show, named by the engine's own ids (preset,
// figure, scenario paths, chart id, summary field ids). This validator checks the shape and the
// text; tests/contract/stories.test.ts checks every id against the real engine's catalogue.

import type { GcPolicy } from '../../engine/generated/GcPolicy';
import type { LabWorkload } from '../../engine/generated/LabWorkload';
import { LAB_GC_POLICIES, LAB_WORKLOADS, SCRIPT_VERBS, type ScriptVerb } from '../lab/config';

export type Lang = 'en' | 'ja';
export type Text = Record<Lang, string>;
/**
 * Key words or numbers in each language, for the story linter (tests/storyLint): what gives an
 * answer away, or what a step must say for a check to be answerable.
 */
export type Phrases = Record<Lang, string[]>;

/** The animated NAND view's configuration (web/src/explain/lab/config.ts has the same shape). */
export interface StoryLab {
  blocks: number;
  pagesPerBlock: number;
  opPercent: number;
  workload: LabWorkload;
  seed: number;
  gcPolicy?: GcPolicy;
  script?: ScriptVerb[];
}

/**
 * What a step shows. `set` holds scenario paths and values exactly as a share link holds them
 * (`?preset=bg4-like&device.mapping.hmb.host_memory_buffer_bytes=32m`); on a figure it applies
 * to every member (a shorter run of a long benchmark).
 */
export type StoryShow = { preset: string; set?: Record<string, string> } | { figure: string; set?: Record<string, string> } | { lab: StoryLab };

/** What to look at on the chart: an x (a knee, a cliff, a spike) or an x-range (a band). */
export interface StoryHighlight {
  kind: 'knee' | 'cliff' | 'spike' | 'band';
  /** In the chart's x-axis units (GiB of span, GB written, operation number, …). */
  x: number;
  /** The band's other end (kind "band" only). */
  x2?: number;
  /**
   * A summary value in bytes the mark follows once the run has it (converted to the chart's
   * GiB or GB), so a knee that moves with a knob keeps its mark; `x` until then. A run
   * without the value (or with 0) draws no mark.
   */
  x_from?: string;
  label: Text;
}

export interface StoryPredict {
  question: Text;
  choices: { id: string; label: Text }[];
  /** The id of the right choice. */
  answer: string;
  /** Shown with the chart once the reader has answered. */
  reveal: Text;
  /**
   * The answer's key phrases and numbers ("fold", "2.2×"), besides the numbers in the right
   * choice's label: none may appear in anything the reader sees before the question.
   */
  gives?: Phrases;
}

/**
 * A back-of-envelope model beside the engine's number (models.ts computes both by `kind`): the
 * formula in words, and where and why the two differ. Shown once the step is revealed.
 */
export interface StoryModel {
  kind: ModelKind;
  formula: Text;
  note: Text;
}

/** What to conclude from a story, and a few questions to check it, at the end of the story. */
export interface StoryConclusion {
  text: Text;
  checks: StoryCheck[];
}

export interface StoryCheck {
  question: Text;
  choices: { id: string; label: Text }[];
  answer: string;
  /** Why the answer is right, shown once the reader has answered. */
  explain: Text;
  /** The step(s) that tell the answer: the check must be answerable from the story itself. */
  answeredBy?: string[];
  /** Key phrases those steps say (numbers in the right choice's label are looked for too). */
  gives?: Phrases;
}

/**
 * Something the story says the engine does not reproduce, or the article does not make public:
 * the step that says so, and the words that name it. No check may rely on it.
 */
export interface StoryDifference {
  step: string;
  about: Phrases;
}

export interface StoryStep {
  /** Stable slug: step links and embeds name it. */
  id: string;
  title: Text;
  /**
   * The setup, shown before the step's question (so it must not give the answer away).
   * Paragraphs split by a blank line; `[[term]]`, `[[term|words]]`, `{summary:id}`,
   * `{summary:id|unit}` (in a chart's unit: gb, gib, tb, s, ms, us), `{knob:path}`.
   */
  text: Text;
  /** The explanation, shown with the chart once the reader has answered or skipped. */
  after?: Text;
  model?: StoryModel;
  show: StoryShow;
  /** The chart id (chartSpecs.ts): "headline" unless said. Not used with `lab`. */
  chart?: string;
  highlight?: StoryHighlight[];
  predict?: StoryPredict;
  /** Scenario paths offered as inline controls that rerun the step (preset steps only). */
  knobs?: string[];
  /** Jargon ids (tests/storyLint/jargon.ts) this step explains in plain words rather than as a glossary term. */
  explains?: string[];
}

export interface Story {
  id: string;
  /** The article this story retells ("000" … "004"), if any. */
  article?: string;
  title: Text;
  /** One line for the story list. */
  blurb: Text;
  steps: StoryStep[];
  conclusion: StoryConclusion;
  /** What the story says differs from its article or is not known: checks must not rely on it. */
  differences?: StoryDifference[];
}

/** The back-of-envelope models a step can show (models.ts). */
export const MODEL_KINDS = ['greedy-waf', 'slc-cache', 'table-coverage'] as const;
export type ModelKind = (typeof MODEL_KINDS)[number];
/** The units a `{summary:id|unit}` placeholder can ask for: the charts' axis units. */
export const DISPLAY_UNITS = ['gb', 'gib', 'tb', 's', 'ms', 'us'] as const;
export type DisplayUnit = (typeof DISPLAY_UNITS)[number];

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PATH = /^[a-z_][a-z0-9_]*(?:\.[a-z0-9_]+)*$/;
const HIGHLIGHT_KINDS = ['knee', 'cliff', 'spike', 'band'];

/** One piece of step text: plain words, a glossary term, or a live number. */
export type Token = { kind: 'text'; text: string } | { kind: 'term'; id: string; text: string | null } | { kind: 'summary'; id: string; unit?: string } | { kind: 'knob'; path: string };

const TOKEN = /\[\[([a-z0-9-]+)(?:\|([^\]]+))?\]\]|\{(summary|knob):([a-z0-9_.]+)(?:\|([a-z]+))?\}/g;

/** Splits one paragraph into text, glossary terms and live-number placeholders. */
export function tokenize(paragraph: string): Token[] {
  const out: Token[] = [];
  let at = 0;
  for (const m of paragraph.matchAll(TOKEN)) {
    if (m.index > at) out.push({ kind: 'text', text: paragraph.slice(at, m.index) });
    if (m[1] !== undefined) out.push({ kind: 'term', id: m[1], text: m[2] ?? null });
    else if (m[3] === 'summary') out.push(m[5] ? { kind: 'summary', id: m[4], unit: m[5] } : { kind: 'summary', id: m[4] });
    else out.push({ kind: 'knob', path: m[4] });
    at = m.index + m[0].length;
  }
  if (at < paragraph.length) out.push({ kind: 'text', text: paragraph.slice(at) });
  return out;
}

/** Paragraphs of a step's text (blank-line separated). */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** A step's texts that may hold placeholders: the setup, the explanation, the model's formula. */
function stepTexts(step: StoryStep, lang: Lang): string[] {
  // Read loosely: the validator calls this before it knows the optional fields are well formed.
  const loose = step as { after?: Partial<Record<Lang, unknown>>; model?: { formula?: Partial<Record<Lang, unknown>> } };
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return [step.text[lang], str(loose.after?.[lang]), str(loose.model?.formula?.[lang])];
}

/** Every placeholder and term in a step's texts, in both languages. */
export function stepTokens(step: StoryStep): Token[] {
  return (['en', 'ja'] as const).flatMap((lang) => stepTexts(step, lang).flatMap((t) => paragraphs(t).flatMap(tokenize)));
}

export interface StoryProblem {
  /** Where: "steps[2].title.ja". */
  at: string;
  message: string;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Where problems are written, and the check every text field shares. */
interface Checker {
  bad(at: string, message: string): void;
  /** A text in both languages, non-empty and at most `max` characters each. */
  text(v: unknown, at: string, max?: number): void;
  /** Glossary terms a text may name (unchecked when absent). */
  terms?: ReadonlySet<string>;
}

/**
 * Checks a story file's shape: every text in both languages, slugs, unique step ids, one thing
 * to show per step, highlights and predictions well formed, placeholders well formed. Returns
 * the problems (empty: the file is a valid Story). Ids are checked against the engine elsewhere.
 */
export function validateStory(raw: unknown, terms?: ReadonlySet<string>): StoryProblem[] {
  const problems: StoryProblem[] = [];
  const bad = (at: string, message: string) => void problems.push({ at, message });
  const text = (v: unknown, at: string, max = 1600) => {
    if (!isObj(v)) return bad(at, 'must be {"en": …, "ja": …}');
    for (const lang of ['en', 'ja'] as const) {
      const s = v[lang];
      if (typeof s !== 'string' || s.trim() === '') bad(`${at}.${lang}`, 'must be non-empty text');
      else if (s.length > max) bad(`${at}.${lang}`, `longer than ${max} characters: split the step`);
    }
  };
  const c: Checker = { bad, text, terms };
  if (!isObj(raw)) return [{ at: '', message: 'a story must be an object' }];
  if (typeof raw.id !== 'string' || !SLUG.test(raw.id)) bad('id', 'must be a slug (a-z, 0-9, -)');
  if (raw.article !== undefined && (typeof raw.article !== 'string' || !/^\d{3}$/.test(raw.article))) bad('article', 'must be a three-digit article number');
  text(raw.title, 'title', 120);
  text(raw.blurb, 'blurb', 240);
  if (!Array.isArray(raw.steps) || raw.steps.length < 4 || raw.steps.length > 8) bad('steps', 'must hold 4 to 8 steps');
  const steps: unknown[] = Array.isArray(raw.steps) ? raw.steps : [];
  const seen = new Set<string>();
  steps.forEach((s, i) => checkStep(s, `steps[${i}]`, seen, raw.id === 'nand-101', c));
  checkConclusion(raw.conclusion, 'conclusion', c, seen);
  if (raw.differences !== undefined) checkDifferences(raw.differences, 'differences', c, seen);
  return problems;
}

/** One step; `seen` collects the step ids so far, `nand101` allows the NAND view. */
function checkStep(s: unknown, at: string, seen: Set<string>, nand101: boolean, c: Checker): void {
  const { bad, text } = c;
  if (!isObj(s)) return bad(at, 'must be an object');
  if (typeof s.id !== 'string' || !SLUG.test(s.id)) bad(`${at}.id`, 'must be a slug');
  else if (seen.has(s.id)) bad(`${at}.id`, `duplicate step id ${s.id}`);
  else seen.add(s.id);
  text(s.title, `${at}.title`, 120);
  text(s.text, `${at}.text`);
  if (s.after !== undefined) text(s.after, `${at}.after`);
  if (s.model !== undefined) checkModel(s.model, `${at}.model`, c);
  const show = s.show;
  const { lab } = checkShow(show, `${at}.show`, nand101, c);
  if (s.chart !== undefined && (typeof s.chart !== 'string' || !/^[a-z0-9_-]{1,60}$/.test(s.chart) || lab)) bad(`${at}.chart`, 'must be a chart id, and not on a lab step');
  // A figure draws one chart: its headline, or the one its named series is on (tests/contract/stories.test.ts checks which).
  if (s.highlight !== undefined) checkHighlights(s.highlight, `${at}.highlight`, lab, c);
  if (s.predict !== undefined) checkPredict(s.predict, `${at}.predict`, c);
  const presetStep = isObj(show) && 'preset' in show;
  // A model reads the step's own scenario and run.
  if (s.model !== undefined && !presetStep) bad(`${at}.model`, 'a model needs a preset step');
  if (s.explains !== undefined && (!Array.isArray(s.explains) || s.explains.some((e) => typeof e !== 'string' || !SLUG.test(e)))) bad(`${at}.explains`, 'must list jargon ids');
  if (s.knobs !== undefined) {
    if (!Array.isArray(s.knobs) || !presetStep || s.knobs.length > 3) bad(`${at}.knobs`, 'at most 3 scenario paths, on a preset step');
    else s.knobs.forEach((k: unknown, j: number) => (typeof k === 'string' && PATH.test(k) ? undefined : bad(`${at}.knobs[${j}]`, 'must be a scenario path')));
  }
  if (isObj(s.text) && typeof s.text.en === 'string' && typeof s.text.ja === 'string') checkStepText(s as unknown as StoryStep, `${at}.text`, presetStep, c);
}

/** What a step shows: exactly one of a preset, a figure or the NAND lab, with link values set. */
function checkShow(show: unknown, at: string, nand101: boolean, { bad }: Checker): { lab: boolean; figure: boolean } {
  if (!isObj(show)) {
    bad(at, 'must be {preset} or {figure} or {lab}');
    return { lab: false, figure: false };
  }
  const keys = ['preset', 'figure', 'lab'].filter((k) => k in show);
  if (keys.length !== 1) bad(at, 'must name exactly one of preset, figure, lab');
  const lab = keys[0] === 'lab';
  const figure = keys[0] === 'figure';
  if (lab) checkLab(show.lab, `${at}.lab`, bad, nand101);
  else if (typeof show[keys[0]] !== 'string' || !SLUG.test(show[keys[0]] as string)) bad(`${at}.${keys[0]}`, 'must be a name');
  if (show.set !== undefined) {
    if (lab || !isObj(show.set)) bad(`${at}.set`, 'must be {path: value} on a preset or a figure');
    else for (const [p, v] of Object.entries(show.set)) if (!PATH.test(p) || typeof v !== 'string' || v === '') bad(`${at}.set.${p}`, 'must be a scenario path with a link value');
  }
  return { lab, figure };
}

function checkHighlights(highlight: unknown, at: string, lab: boolean, { bad, text }: Checker): void {
  if (!Array.isArray(highlight) || lab) return bad(at, 'must be a list, and not on a lab step');
  highlight.forEach((h: unknown, k: number) => {
    const hat = `${at}[${k}]`;
    if (!isObj(h)) return bad(hat, 'must be an object');
    if (!HIGHLIGHT_KINDS.includes(h.kind as string)) bad(`${hat}.kind`, `must be one of ${HIGHLIGHT_KINDS.join(', ')}`);
    if (typeof h.x !== 'number' || !Number.isFinite(h.x)) bad(`${hat}.x`, 'must be a number');
    if (h.kind === 'band' ? typeof h.x2 !== 'number' || !(h.x2 > (h.x as number)) : h.x2 !== undefined) bad(`${hat}.x2`, 'a band needs x2 > x; other kinds have none');
    if (h.x_from !== undefined && (typeof h.x_from !== 'string' || !PATH.test(h.x_from) || h.kind === 'band')) bad(`${hat}.x_from`, 'must be a summary id, on a mark that is not a band');
    text(h.label, `${hat}.label`, 80);
  });
}

/** A question before the chart: 2 to 4 choices with unique ids, one of them the answer. */
function checkPredict(p: unknown, at: string, c: Checker): void {
  if (!isObj(p)) return c.bad(at, 'must be an object');
  c.text(p.reveal, `${at}.reveal`, 600);
  checkChoices(p, at, c);
  if (p.gives !== undefined) checkPhrases(p.gives, `${at}.gives`, c);
}

/** A model beside the engine: a known kind, its formula and the note on where they differ. */
function checkModel(m: unknown, at: string, { bad, text }: Checker): void {
  if (!isObj(m)) return bad(at, 'must be {kind, formula, note}');
  if (!(MODEL_KINDS as readonly unknown[]).includes(m.kind)) bad(`${at}.kind`, `must be one of ${MODEL_KINDS.join(', ')}`);
  text(m.formula, `${at}.formula`, 400);
  text(m.note, `${at}.note`, 600);
}

/** The story's end: what to conclude, and 2 to 3 questions that check it. */
function checkConclusion(v: unknown, at: string, c: Checker, steps: ReadonlySet<string>): void {
  if (!isObj(v)) return c.bad(at, 'every story ends with {text, checks}');
  c.text(v.text, `${at}.text`, 800);
  if (!Array.isArray(v.checks) || v.checks.length < 2 || v.checks.length > 3) return c.bad(`${at}.checks`, 'must hold 2 to 3 questions');
  v.checks.forEach((q: unknown, k: number) => {
    const qat = `${at}.checks[${k}]`;
    if (!isObj(q)) return c.bad(qat, 'must be an object');
    c.text(q.explain, `${qat}.explain`, 600);
    checkChoices(q, qat, c);
    if (q.answeredBy !== undefined) checkStepIds(q.answeredBy, `${qat}.answeredBy`, c, steps);
    if (q.gives !== undefined) checkPhrases(q.gives, `${qat}.gives`, c);
  });
}

/** Step ids of this story, at least one. */
function checkStepIds(v: unknown, at: string, { bad }: Checker, steps: ReadonlySet<string>): void {
  if (!Array.isArray(v) || v.length === 0 || v.some((id) => typeof id !== 'string' || !steps.has(id))) bad(at, 'must list step ids of this story');
}

/** Key phrases: in each language, a list of non-empty texts. */
function checkPhrases(v: unknown, at: string, { bad }: Checker): void {
  if (!isObj(v)) return bad(at, 'must be {"en": [...], "ja": [...]}');
  for (const lang of ['en', 'ja'] as const) {
    const list = v[lang];
    if (!Array.isArray(list) || list.length === 0 || list.some((x) => typeof x !== 'string' || x.trim() === '')) bad(`${at}.${lang}`, 'must list non-empty phrases');
  }
}

/** What differs from the article: each names the step that says so and the words that name it. */
function checkDifferences(v: unknown, at: string, c: Checker, steps: ReadonlySet<string>): void {
  if (!Array.isArray(v)) return c.bad(at, 'must be a list of {step, about}');
  v.forEach((d: unknown, k: number) => {
    if (!isObj(d)) return c.bad(`${at}[${k}]`, 'must be {step, about}');
    if (typeof d.step !== 'string' || !steps.has(d.step)) c.bad(`${at}[${k}].step`, 'must be a step id of this story');
    checkPhrases(d.about, `${at}[${k}].about`, c);
  });
}

/** A question with 2 to 4 choices of unique ids, one of them the answer. */
function checkChoices(p: Record<string, unknown>, at: string, { bad, text }: Checker): void {
  text(p.question, `${at}.question`, 300);
  const choices: unknown[] = Array.isArray(p.choices) ? p.choices : [];
  if (choices.length < 2 || choices.length > 4) bad(`${at}.choices`, 'must hold 2 to 4 choices');
  const ids = new Set<string>();
  choices.forEach((c, k) => {
    if (!isObj(c) || typeof c.id !== 'string' || !SLUG.test(c.id) || ids.has(c.id)) bad(`${at}.choices[${k}].id`, 'must be a unique slug');
    else ids.add(c.id);
    if (isObj(c)) text(c.label, `${at}.choices[${k}].label`, 120);
  });
  if (typeof p.answer !== 'string' || !ids.has(p.answer)) bad(`${at}.answer`, 'must be one of the choice ids');
}

/** Placeholders in the text: live numbers need a run of their own (a preset step), terms a glossary entry. */
function checkStepText(step: StoryStep, at: string, presetStep: boolean, { bad, terms }: Checker): void {
  const tokens = stepTokens(step);
  const live = tokens.find((tok) => tok.kind === 'summary' || tok.kind === 'knob');
  if (live && !presetStep) bad(at, `{${live.kind}:…} needs a preset step`);
  for (const tok of tokens) if (tok.kind === 'summary' && tok.unit !== undefined && !(DISPLAY_UNITS as readonly string[]).includes(tok.unit)) bad(at, `{summary:${tok.id}|${tok.unit}}: the unit must be one of ${DISPLAY_UNITS.join(', ')}`);
  const unknown = [...new Set(tokens.flatMap((tok) => (tok.kind === 'term' && terms && !terms.has(tok.id) ? [tok.id] : [])))];
  if (unknown.length) bad(at, `unknown glossary terms: ${unknown.join(', ')}`);
  const liveIds = (lang: Lang) =>
    stepTexts(step, lang)
      .flatMap((t) => paragraphs(t).flatMap(tokenize))
      .flatMap((t) => (t.kind === 'summary' ? [`summary:${t.id}${t.unit ? `|${t.unit}` : ''}`] : t.kind === 'knob' ? [`knob:${t.path}`] : []))
      .sort()
      .join();
  if (liveIds('en') !== liveIds('ja')) bad(at, 'English and Japanese must show the same live numbers');
}

function checkLab(v: unknown, at: string, bad: (at: string, m: string) => void, allowed: boolean) {
  if (!allowed) bad(at, 'the NAND view is for the NAND 101 story only');
  if (!isObj(v)) return bad(at, 'must be an object');
  const int = (k: string) => {
    const n = v[k];
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) bad(`${at}.${k}`, 'must be a whole number');
  };
  // Their ranges are the engine's lab knobs' (lab_knobs()): the contract test builds each
  // config in the engine, which refuses one out of range naming the field.
  int('blocks');
  int('pagesPerBlock');
  int('opPercent');
  int('seed');
  if (!(LAB_WORKLOADS as readonly unknown[]).includes(v.workload)) bad(`${at}.workload`, `must be one of ${LAB_WORKLOADS.join(', ')}`);
  if (v.gcPolicy !== undefined && !(LAB_GC_POLICIES as readonly unknown[]).includes(v.gcPolicy)) bad(`${at}.gcPolicy`, `must be one of ${LAB_GC_POLICIES.join(', ')}`);
  if (v.script !== undefined && (!Array.isArray(v.script) || v.script.some((x) => !(SCRIPT_VERBS as readonly unknown[]).includes(x)))) bad(`${at}.script`, `must list ${SCRIPT_VERBS.join(', ')}`);
}
