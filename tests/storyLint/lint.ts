// The story linter: what a reader sees, in reading order, judged as a reader would.
// - Ask, then tell: no prediction's answer (the numbers in its right choice, and the key phrases
//   the step declares in `predict.gives`) appears in anything shown before the question: the
//   story's title and blurb, every earlier step (title, text, question, choices, reveal, after,
//   model, highlight labels, its figure's legend, and the article's numbers and words its table
//   and reference marks draw), and the step's own title and setup.
// - Checks the story can answer: each check names the steps that tell its answer
//   (`answeredBy`), and its key phrases and numbers appear there; no check relies on what the
//   story says is not reproduced or not public (`differences`), and each such difference is said
//   in the step it names.
// - Jargon explained at its first use (in the order the page shows a step: title, setup,
//   question, choices, reveal, the chart's marks, explanation, model): a glossary term, or
//   listed in the step's `explains`.
import type { Figure } from '../../web/src/engine/types';
import { articleValueText, figureMemberLabel } from '../../web/src/i18n/engineText';
import { paragraphs, tokenize, type Lang, type Story, type StoryStep, type Token } from '../../web/src/explain/stories/schema';
import { JARGON, JARGON_IDS } from './jargon';
import { answerNumbers, numbersIn, sameNumber, type StoryNumber } from './numbers';

export const LANGS: readonly Lang[] = ['en', 'ja'];

export interface LintContext {
  /** The engine's figures (the catalogue's): legends, article numbers and words. */
  figures: readonly Figure[];
  /** A glossary id's term in each language (what [[id]] shows). */
  termName(id: string, lang: Lang): string | undefined;
  /** Its definition: what the term's popover shows a reader who opens it. */
  termDefinition(id: string, lang: Lang): string | undefined;
}

export interface LintProblem {
  rule: 'spoiler' | 'check' | 'difference' | 'jargon';
  /** "article-001/after-the-cliff en". */
  at: string;
  message: string;
}

/** One thing shown to the reader: where, and its words as displayed. */
export interface Shown {
  where: string;
  text: string;
}

/**
 * A text with its markup as displayed: terms as their words. A live number's value is not known
 * here; it stays as its placeholder ("{summary:write_amplification}"), so a question can declare
 * in `gives` the live number that would answer it.
 */
export function displayed(text: string, lang: Lang, ctx: LintContext): string {
  const piece = (t: Token) => (t.kind === 'text' ? t.text : t.kind === 'term' ? (t.text ?? ctx.termName(t.id, lang) ?? t.id) : t.kind === 'summary' ? `{summary:${t.id}}` : `{knob:${t.path}}`);
  return paragraphs(text)
    .map((p) => tokenize(p).map(piece).join(''))
    .join('\n');
}

/** What the article's table and marks show for a figure step: each value's words and number. */
function articleShown(step: StoryStep, lang: Lang, ctx: LintContext, at: string): Shown[] {
  if (!('figure' in step.show)) return [];
  const name = step.show.figure;
  const figure = ctx.figures.find((f) => f.name === name);
  if (!figure) return [];
  const out: Shown[] = figure.members.map((m) => ({ where: `${at} legend`, text: figureMemberLabel(lang, figure.name, m) }));
  for (const v of figure.article_values) {
    const words = articleValueText(lang, figure.name, v);
    // The number as the table and the mark print it: a ratio with ×, any other bare (its unit is the chart axis').
    const number = v.article === undefined ? '' : 'ratio' in v.measure ? `${v.article}×` : `${v.article}`;
    out.push({ where: `${at} article table`, text: [words.label, number, words.differs ?? ''].join(' ') });
  }
  return out;
}

/** Everything a step shows once read to the end (its chart revealed). */
export function stepShown(step: StoryStep, lang: Lang, ctx: LintContext, at: string): Shown[] {
  const out: Shown[] = [...setupShown(step, lang, ctx, at)];
  const add = (where: string, text: string | undefined) => text && out.push({ where: `${at} ${where}`, text: displayed(text, lang, ctx) });
  if (step.predict) {
    add('question', step.predict.question[lang]);
    step.predict.choices.forEach((c) => add('choice', c.label[lang]));
    add('reveal', step.predict.reveal[lang]);
  }
  add('after', step.after?.[lang]);
  add('model', step.model?.formula[lang]);
  add('model note', step.model?.note[lang]);
  for (const h of step.highlight ?? []) add('highlight', h.label[lang]);
  return [...out, ...articleShown(step, lang, ctx, at), ...glossaryShown(step, lang, ctx, at)];
}

/** The definitions of the glossary terms a step's explanation and model mark (the setup's are in setupShown). */
function glossaryShown(step: StoryStep, lang: Lang, ctx: LintContext, at: string): Shown[] {
  const rich = [step.after?.[lang] ?? '', step.model?.formula[lang] ?? '', step.model?.note[lang] ?? ''];
  const ids = new Set(rich.flatMap((t) => paragraphs(t).flatMap(tokenize)).flatMap((t) => (t.kind === 'term' ? [t.id] : [])));
  return [...ids].flatMap((id) => {
    const text = ctx.termDefinition(id, lang);
    return text ? [{ where: `${at} glossary ${id}`, text }] : [];
  });
}

/** What a step shows before its question: its title and setup. */
export function setupShown(step: StoryStep, lang: Lang, ctx: LintContext, at: string): Shown[] {
  const terms = new Set(paragraphs(step.text[lang]).flatMap(tokenize).flatMap((t) => (t.kind === 'term' ? [t.id] : [])));
  return [
    { where: `${at} title`, text: step.title[lang] },
    { where: `${at} text`, text: displayed(step.text[lang], lang, ctx) },
    ...[...terms].flatMap((id) => {
      const text = ctx.termDefinition(id, lang);
      return text ? [{ where: `${at} glossary ${id}`, text }] : [];
    }),
  ];
}

/** A key phrase: a number (matched tolerantly) when it is one, else words (any case). */
function findPhrase(phrase: string, shown: readonly Shown[]): Shown | undefined {
  const nums = numbersIn(phrase);
  if (nums.length === 1 && phrase.replace(nums[0].text, '').trim() === '') return findNumber(nums[0], shown);
  const needle = phrase.toLowerCase();
  return shown.find((s) => s.text.toLowerCase().includes(needle));
}

function findNumber(n: StoryNumber, shown: readonly Shown[]): Shown | undefined {
  return shown.find((s) => numbersIn(s.text).some((m) => sameNumber(n, m)));
}

const snippet = (s: Shown) => `${s.where}: "${s.text.replace(/\s+/g, ' ').slice(0, 160)}"`;

/** Ask, then tell: nothing before a question gives its answer away. */
export function lintSpoilers(story: Story, ctx: LintContext): LintProblem[] {
  const problems: LintProblem[] = [];
  story.steps.forEach((step, i) => {
    if (!step.predict) return;
    for (const lang of LANGS) {
      const at = `${story.id}/${step.id} ${lang}`;
      const before: Shown[] = [
        { where: 'story title', text: story.title[lang] },
        { where: 'story blurb', text: story.blurb[lang] },
        ...story.steps.slice(0, i).flatMap((s) => stepShown(s, lang, ctx, `step ${s.id}`)),
        ...setupShown(step, lang, ctx, `step ${step.id}`),
      ];
      const p = step.predict;
      const right = p.choices.find((c) => c.id === p.answer)!.label[lang];
      for (const n of answerNumbers(right, p.question[lang])) {
        const hit = findNumber(n, before);
        if (hit) problems.push({ rule: 'spoiler', at, message: `the answer's "${n.text}" is shown before the question, in ${snippet(hit)}` });
      }
      for (const phrase of p.gives?.[lang] ?? []) {
        const hit = findPhrase(phrase, before);
        if (hit) problems.push({ rule: 'spoiler', at, message: `the answer's "${phrase}" is shown before the question, in ${snippet(hit)}` });
      }
    }
  });
  return problems;
}

/** Checks answerable from the story's own steps, and relying on nothing it says is unknown. */
export function lintChecks(story: Story, ctx: LintContext): LintProblem[] {
  const problems: LintProblem[] = [];
  const stepOf = (id: string) => story.steps.find((s) => s.id === id);
  story.conclusion.checks.forEach((check, k) => {
    const at = `${story.id}/conclusion.checks[${k}]`;
    if (!check.answeredBy?.length) {
      problems.push({ rule: 'check', at, message: 'name the step(s) that tell the answer (answeredBy)' });
      return;
    }
    for (const lang of LANGS) {
      const told = check.answeredBy.flatMap((id) => (stepOf(id) ? stepShown(stepOf(id)!, lang, ctx, `step ${id}`) : []));
      const right = check.choices.find((c) => c.id === check.answer)!.label[lang];
      for (const n of answerNumbers(right, check.question[lang])) {
        if (!findNumber(n, told)) problems.push({ rule: 'check', at: `${at} ${lang}`, message: `the answer's "${n.text}" is not told in ${check.answeredBy.join(', ')}` });
      }
      for (const phrase of check.gives?.[lang] ?? []) {
        if (!findPhrase(phrase, told)) problems.push({ rule: 'check', at: `${at} ${lang}`, message: `"${phrase}" is not told in ${check.answeredBy.join(', ')}` });
      }
    }
  });
  return [...problems, ...lintDifferences(story, ctx)];
}

/** Each stated difference is said where it says; no check names it. */
export function lintDifferences(story: Story, ctx: LintContext): LintProblem[] {
  const problems: LintProblem[] = [];
  (story.differences ?? []).forEach((d, k) => {
    const step = story.steps.find((s) => s.id === d.step);
    for (const lang of LANGS) {
      const at = `${story.id}/differences[${k}] ${lang}`;
      const about = d.about[lang].map((a) => a.toLowerCase());
      const said = step ? stepShown(step, lang, ctx, d.step).some((s) => about.some((a) => s.text.toLowerCase().includes(a))) : false;
      if (!said) problems.push({ rule: 'difference', at, message: `step ${d.step} does not say it (none of ${d.about[lang].join(' / ')})` });
      story.conclusion.checks.forEach((check, c) => {
        const texts = [check.question[lang], check.explain[lang], ...check.choices.map((x) => x.label[lang])].join('\n').toLowerCase();
        const named = about.find((a) => texts.includes(a));
        if (named) problems.push({ rule: 'difference', at: `${story.id}/conclusion.checks[${c}] ${lang}`, message: `relies on "${named}", which step ${d.step} says is not reproduced or not public` });
      });
    }
  });
  return problems;
}

/** A field as the reader meets it: rich text (may mark terms) or plain. */
interface Field {
  where: string;
  text: string;
  rich: boolean;
}

function stepFields(step: StoryStep, lang: Lang): Field[] {
  const f = (where: string, text: string | undefined, rich: boolean): Field[] => (text ? [{ where, text, rich }] : []);
  const p = step.predict;
  return [
    ...f('title', step.title[lang], false),
    ...f('text', step.text[lang], true),
    ...f('question', p?.question[lang], false),
    ...(p?.choices ?? []).flatMap((c) => f('choice', c.label[lang], false)),
    // As the page shows them: the reveal above the chart, the explanation and the model below it.
    ...f('reveal', p?.reveal[lang], false),
    ...(step.highlight ?? []).flatMap((h) => f('highlight', h.label[lang], false)),
    ...f('after', step.after?.[lang], true),
    ...f('model', step.model?.formula[lang], true),
    ...f('model note', step.model?.note[lang], true),
  ];
}

/** Where a jargon word is used in a field: unmarked (in plain words), marked (as one of its terms), or not at all. */
function useIn(field: Field, j: (typeof JARGON)[number], lang: Lang, ctx: LintContext): 'marked' | 'unmarked' | null {
  if (!field.rich) return j[lang].test(field.text) ? 'unmarked' : null;
  for (const tok of paragraphs(field.text).flatMap(tokenize)) {
    if (tok.kind === 'term') {
      const words = tok.text ?? ctx.termName(tok.id, lang) ?? tok.id;
      if (j[lang].test(words)) return j.terms.includes(tok.id) ? 'marked' : 'unmarked';
    } else if (tok.kind === 'text' && j[lang].test(tok.text)) return 'unmarked';
  }
  return null;
}

/**
 * Every jargon word, at its first use in the story, is a glossary term or explained in place.
 * A step's title may use it when the same step's text marks it.
 */
export function lintJargon(story: Story, ctx: LintContext): LintProblem[] {
  const problems: LintProblem[] = [];
  for (const step of story.steps) for (const id of step.explains ?? []) if (!JARGON_IDS.has(id)) problems.push({ rule: 'jargon', at: `${story.id}/${step.id}`, message: `explains "${id}", which is no jargon id` });
  for (const lang of LANGS) {
    for (const j of JARGON) {
      const first = firstUse(story, j, lang, ctx);
      if (first && first.use !== 'marked' && !first.step.explains?.includes(j.id)) {
        problems.push({ rule: 'jargon', at: `${story.id}/${first.step.id} ${lang}`, message: `"${j.id}" first used in the ${first.where} unexplained: mark it [[${j.terms[0]}|…]] at its first use, or explain it there and list "${j.id}" in the step's explains` });
      }
    }
  }
  return problems;
}

function firstUse(story: Story, j: (typeof JARGON)[number], lang: Lang, ctx: LintContext): { step: StoryStep; where: string; use: 'marked' | 'unmarked' } | null {
  for (const step of story.steps) {
    const fields = stepFields(step, lang);
    const uses = fields.map((f) => ({ f, use: useIn(f, j, lang, ctx) })).filter((u) => u.use !== null);
    if (!uses.length) continue;
    // A title is read with its text: the text's use decides.
    const first = uses[0].f.where === 'title' && uses[1]?.f.where === 'text' ? uses[1] : uses[0];
    return { step, where: first.f.where, use: first.use! };
  }
  return null;
}

/** Every rule over one story. */
export function lintStory(story: Story, ctx: LintContext): LintProblem[] {
  return [...lintSpoilers(story, ctx), ...lintChecks(story, ctx), ...lintJargon(story, ctx)];
}
