// The story files as data: each validates against the story schema (texts in English and
// Japanese, slugs, unique step ids, one thing to show per step, well-formed highlights,
// predictions and placeholders), glossary terms exist, and the validator catches what it must.
import { describe, expect, it } from 'vitest';
import { GLOSSARY_TERMS, STORIES, STORY_FILES, STORY_PROBLEMS } from '../../web/src/explain/stories';
import { paragraphs, stepTokens, tokenize, validateStory, type Story, type StoryStep } from '../../web/src/explain/stories/schema';

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('story files', () => {
  it('every file validates and loads, in list order: NAND 101, the five articles, then where data lands and when the power fails', () => {
    expect(STORY_PROBLEMS).toEqual([]);
    expect(STORIES.map((s) => s.id)).toEqual(['nand-101', 'article-000', 'article-001', 'article-002', 'article-003', 'article-004', 'where-data-lands', 'when-power-fails']);
    expect(STORIES.filter((s) => s.article).map((s) => s.article)).toEqual(['000', '001', '002', '003', '004']);
  });

  it('each story has 4–8 steps with unique ids; an article story opens with its figure', () => {
    for (const story of STORIES) {
      expect(story.steps.length, story.id).toBeGreaterThanOrEqual(4);
      expect(story.steps.length, story.id).toBeLessThanOrEqual(8);
      expect(new Set(story.steps.map((s) => s.id)).size, story.id).toBe(story.steps.length);
      if (story.article) expect('figure' in story.steps[0].show, story.id).toBe(true);
    }
  });

  it('every text exists in both languages and reads as prose (no untranslated English in Japanese)', () => {
    for (const story of STORIES) {
      for (const step of story.steps) {
        for (const lang of ['en', 'ja'] as const) {
          expect(step.title[lang].trim(), `${story.id}/${step.id}`).not.toBe('');
          expect(paragraphs(step.text[lang]).length, `${story.id}/${step.id}`).toBeGreaterThan(0);
        }
        // Japanese text is Japanese: it holds kana.
        expect(step.text.ja, `${story.id}/${step.id}`).toMatch(/[\u3040-\u30ff]/);
        expect(step.title.ja).not.toBe(step.title.en);
      }
    }
  });

  it('glossary terms in the text are real glossary ids; NAND 101 alone uses the NAND view', () => {
    for (const story of STORIES) {
      for (const step of story.steps) {
        for (const tok of stepTokens(step)) if (tok.kind === 'term') expect(GLOSSARY_TERMS.has(tok.id), `${story.id}/${step.id} [[${tok.id}]]`).toBe(true);
        if ('lab' in step.show) expect(story.id).toBe('nand-101');
      }
    }
  });

  it('highlights and predictions are well formed', () => {
    for (const story of STORIES) {
      for (const step of story.steps) {
        for (const h of step.highlight ?? []) if (h.kind === 'band') expect(h.x2!).toBeGreaterThan(h.x);
        if (step.predict) expect(step.predict.choices.map((c) => c.id)).toContain(step.predict.answer);
      }
    }
  });
});

describe('text markup', () => {
  it('splits terms and live numbers out of a paragraph', () => {
    expect(tokenize('A [[hmb]] of {knob:device.mapping.hmb.host_memory_buffer_bytes} covers {summary:hmb_covered_span_bytes}; the [[l2p|table]].')).toEqual([
      { kind: 'text', text: 'A ' },
      { kind: 'term', id: 'hmb', text: null },
      { kind: 'text', text: ' of ' },
      { kind: 'knob', path: 'device.mapping.hmb.host_memory_buffer_bytes' },
      { kind: 'text', text: ' covers ' },
      { kind: 'summary', id: 'hmb_covered_span_bytes' },
      { kind: 'text', text: '; the ' },
      { kind: 'term', id: 'l2p', text: 'table' },
      { kind: 'text', text: '.' },
    ]);
    expect(paragraphs('one\n\n two \n\n\nthree')).toEqual(['one', 'two', 'three']);
  });
});

describe('the validator refuses broken stories', () => {
  // Article 000 as written, less what names its steps by id (checked on its own below), so a
  // mutated step id or a shortened story shows one problem each.
  const good = clone(STORY_FILES[1]) as Story;
  for (const check of good.conclusion.checks) delete check.answeredBy;
  delete good.differences;
  const problems = (mutate: (s: Story) => void) => {
    const s = clone(good);
    mutate(s);
    return validateStory(s, GLOSSARY_TERMS).map((p) => p.at);
  };
  it('accepts the article 000 story as written', () => {
    expect(validateStory(good, GLOSSARY_TERMS)).toEqual([]);
  });
  it('names what is wrong', () => {
    expect(problems((s) => (s.steps[0].title.ja = ' '))).toEqual(['steps[0].title.ja']);
    expect(problems((s) => (s.steps[1].id = s.steps[0].id))).toEqual(['steps[1].id']);
    expect(problems((s) => (s.steps[1].id = 'Not A Slug'))).toEqual(['steps[1].id']);
    expect(problems((s) => (s.steps = s.steps.slice(0, 3)))).toEqual(['steps']);
    expect(problems((s) => ((s.steps[1].show as Record<string, unknown>).figure = 'x'))).toEqual(['steps[1].show']);
    expect(problems((s) => (s.steps[1].highlight = [{ kind: 'band', x: 4, x2: 2, label: { en: 'a', ja: 'あ' } }]))).toEqual(['steps[1].highlight[0].x2']);
    expect(problems((s) => (s.steps[1].predict!.answer = 'nope'))).toEqual(['steps[1].predict.answer']);
    expect(problems((s) => (s.steps[1].text.en += ' [[no-such-term]]'))).toEqual(['steps[1].text']);
    // A live number must appear in both languages, and only on a preset step.
    expect(problems((s) => (s.steps[1].after!.ja = s.steps[1].after!.ja.replace('{summary:map_miss_percent}', '')))).toEqual(['steps[1].text']);
    expect(problems((s) => (s.steps[0].text = { en: '{summary:read_mb_per_s}', ja: '{summary:read_mb_per_s}' }))).toEqual(['steps[0].text']);
    expect(problems((s) => (s.steps[0].show = { lab: { blocks: 4, pagesPerBlock: 8, opPercent: 0, workload: 'sequential', seed: 1 } }))).toContain('steps[0].show.lab');
  });
  it("names a check's answering steps and a stated difference that are not the story's steps", () => {
    expect(problems((s) => (s.conclusion.checks[0].answeredBy = ['no-such-step']))).toEqual(['conclusion.checks[0].answeredBy']);
    expect(problems((s) => (s.differences = [{ step: 'no-such-step', about: { en: ['x'], ja: ['x'] } }]))).toEqual(['differences[0].step']);
    expect(validateStory(STORY_FILES[1], GLOSSARY_TERMS)).toEqual([]);
  });
  it('names what is wrong in the explanation, the model and the conclusion', () => {
    expect(problems((s) => (s.steps[1].after = { en: 'only English', ja: '' }))).toEqual(['steps[1].after.ja']);
    expect(problems((s) => (s.steps[1].model = { kind: 'no-such-model' as never, formula: { en: 'a', ja: 'あ' }, note: { en: 'b', ja: 'い' } }))).toEqual(['steps[1].model.kind']);
    expect(problems((s) => (s.steps[1].model!.note.en = ''))).toEqual(['steps[1].model.note.en']);
    expect(problems((s) => (s.steps[1].after!.en += ' {summary:map_miss_percent|furlongs}'))).toContain('steps[1].text');
    expect(problems((s) => delete (s as Partial<Story>).conclusion)).toEqual(['conclusion']);
    expect(problems((s) => (s.conclusion.checks = s.conclusion.checks.slice(0, 1)))).toEqual(['conclusion.checks']);
    expect(problems((s) => (s.conclusion.checks[0].answer = 'nope'))).toEqual(['conclusion.checks[0].answer']);
    expect(problems((s) => (s.conclusion.checks[1].explain = { en: 'why', ja: ' ' }))).toEqual(['conclusion.checks[1].explain.ja']);
  });
});

describe('ask, then tell', () => {
  it('every story ends with what to conclude and 2–3 checks whose answers are among their choices', () => {
    for (const story of STORIES) {
      expect(story.conclusion, story.id).toBeDefined();
      for (const lang of ['en', 'ja'] as const) expect(story.conclusion.text[lang].length, story.id).toBeGreaterThan(80);
      expect(story.conclusion.checks.length, story.id).toBeGreaterThanOrEqual(2);
      expect(story.conclusion.checks.length, story.id).toBeLessThanOrEqual(3);
      for (const check of story.conclusion.checks) {
        expect(check.choices.map((c) => c.id), `${story.id}: ${check.question.en}`).toContain(check.answer);
        expect(check.explain.ja, story.id).toMatch(/[\u3040-\u30ff]/);
      }
    }
  });

  // Fields that describe the drive as configured, not what its run measured: a setup may say them.
  const SETUP_FIELDS = new Set(['gc_spare_percent', 'hmb_granted_bytes', 'user_capacity_bytes', 'raw_capacity_bytes', 'op_percent']);
  // What a reader sees before answering: the title and the setup (highlights are on the hidden chart).
  const setupTexts = (step: StoryStep, lang: 'en' | 'ja') => [step.title[lang], step.text[lang]];

  it("a step that asks does not show its run's results before the reader answers", () => {
    for (const story of STORIES) {
      for (const step of story.steps.filter((s) => s.predict)) {
        for (const lang of ['en', 'ja'] as const) {
          const live = paragraphs(step.text[lang]).flatMap(tokenize).filter((t) => t.kind === 'summary' && !SETUP_FIELDS.has(t.id));
          expect(live, `${story.id}/${step.id} ${lang}: move measured numbers to "after"`).toEqual([]);
        }
      }
    }
  });

  /** Numbers with their unit in an answer ("48 GiB", "0.8 ms", "1.9"); bare one-digit numbers say too little. */
  const numbersIn = (label: string) => [...label.matchAll(/(\d[\d,]*(?:\.\d+)?)\s*(GiB|GB|MiB|MB\/s|ms|µs|%|×)?/g)].filter((m) => m[2] || m[1].length > 1).map((m) => m[0].trim());

  it("no step's title or setup states the number its question asks for", () => {
    for (const story of STORIES) {
      for (const step of story.steps) {
        if (!step.predict) continue;
        for (const lang of ['en', 'ja'] as const) {
          const answer = step.predict.choices.find((c) => c.id === step.predict!.answer)!.label[lang];
          const given = step.predict.question[lang];
          const before = setupTexts(step, lang).join('\n');
          for (const n of numbersIn(answer).filter((n) => !given.includes(n))) expect(before.includes(n), `${story.id}/${step.id} ${lang}: "${n}" before the question`).toBe(false);
        }
      }
    }
  });

  it('the checks of these rules catch the old texts that told before asking', () => {
    const told = clone(STORIES.find((s) => s.id === 'article-000')!);
    const step = told.steps.find((s) => s.id === 'sram-only')!;
    step.text.en += ' 1 MiB of table covers about 1 GiB of span. {summary:map_miss_percent} of lookups missed.';
    expect(numbersIn(step.predict!.choices.find((c) => c.id === step.predict!.answer)!.label.en)).toEqual(['1 GiB']);
    expect(setupTexts(step, 'en').join().includes('1 GiB')).toBe(true);
    expect(paragraphs(step.text.en).flatMap(tokenize).some((t) => t.kind === 'summary' && !SETUP_FIELDS.has(t.id))).toBe(true);
  });
});

describe('live numbers in a chart\'s unit', () => {
  it('a placeholder may name the unit it is shown in', () => {
    expect(tokenize('{summary:slc_cache_bytes|gb} and {summary:write_latency.p50_us|ms}')).toEqual([
      { kind: 'summary', id: 'slc_cache_bytes', unit: 'gb' },
      { kind: 'text', text: ' and ' },
      { kind: 'summary', id: 'write_latency.p50_us', unit: 'ms' },
    ]);
  });
});
