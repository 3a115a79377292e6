// House rules (issue 25, "small files, short functions"): no source file over 500 lines and no
// function over 80, so every file has one job and every function can be read in one screen.
// Generated code is exempt; so are the data tables below, and, for now, the Rust functions and
// files another change is splitting. Those lists only shrink: an entry that is no longer needed
// fails until it is removed.
import { describe, expect, it } from 'vitest';
import { rustFunctions, typeScriptFunctions } from './houseRules/functionSpans';
import { functionsOf, sourceFiles, type SourceFile } from './houseRules/sourceTree';

const MAX_FILE_LINES = 500;
const MAX_FUNCTION_LINES = 80;

/**
 * Data, not code: long for what they hold, one entry after another, with no logic to split.
 * The i18n string tables (every message in English and Japanese), the glossary's terms, and
 * the knob table (one entry per knob: range, unit, kinds, docs).
 */
const DATA_TABLES: readonly RegExp[] = [/^web\/src\/i18n\/[^/]+\.ts$/, /^web\/src\/explain\/glossary\/terms\.ts$/, /^engine\/core\/src\/scenario\/knobs\.rs$/];

interface Allowed {
  /** Where it was when listed; a move within engine/ is followed by name. */
  file: string;
  /** The function as the scanner names it: `Plan::new` for a method of `impl Plan`. */
  fn: string;
}

// Rust functions and files over the limits, to split: none left (issue 25 replaced the analytic
// run budget, the last of them, by the run's ceiling). A new entry needs a reason and an issue.
const RUST_TO_SPLIT: readonly Allowed[] = [];
const RUST_FILES_TO_SPLIT: readonly string[] = [];

const TS_FILES = sourceFiles('web/src', ['.ts', '.tsx']);
const TEST_FILES = sourceFiles('tests', ['.ts', '.tsx']);
const RUST_FILES = sourceFiles('engine', ['.rs']);

/** `budget/work.rs`: a file's name with its folder's, which a move to another parent keeps. */
const tail = (path: string) => path.split('/').slice(-2).join('/');

/** A Rust file on the to-split list: at its listed path, or moved within engine/ (same folder and name). */
function rustFileListed(path: string): string | undefined {
  return RUST_FILES_TO_SPLIT.find((listed) => listed === path || (!RUST_FILES.some((f) => f.path === listed) && tail(listed) === tail(path)));
}

/** A Rust function on the to-split list: in its listed file, or moved elsewhere within engine/. */
function rustFunctionListed(path: string, name: string): Allowed | undefined {
  const stillThere = (a: Allowed) => RUST_FILES.some((f) => f.path === a.file && rustFunctions(f.text).some((fn) => fn.name === a.fn));
  return RUST_TO_SPLIT.find((a) => a.fn === name && (a.file === path || !stillThere(a)));
}

function tooLong(files: readonly SourceFile[], exempt: (file: SourceFile, name: string) => boolean): string[] {
  return files.flatMap((file) =>
    functionsOf(file)
      .filter((fn) => fn.length > MAX_FUNCTION_LINES && !exempt(file, fn.name))
      .map((fn) => `${file.path}:${fn.line} ${fn.name} is ${fn.length} lines (limit ${MAX_FUNCTION_LINES})`),
  );
}

describe('house rules: small files', () => {
  it(`keeps every web and engine source file within ${MAX_FILE_LINES} lines, data tables aside`, () => {
    const long = [...TS_FILES, ...RUST_FILES]
      .filter((f) => f.lines > MAX_FILE_LINES && !DATA_TABLES.some((d) => d.test(f.path)) && !(f.path.endsWith('.rs') && rustFileListed(f.path)))
      .map((f) => `${f.path}:1 is ${f.lines} lines (limit ${MAX_FILE_LINES}): split it by responsibility`);
    expect(long, 'files over the limit').toEqual([]);
  });

  it('lists only Rust files that are still too long (the list only shrinks)', () => {
    const stale = RUST_FILES_TO_SPLIT.flatMap((listed) => {
      const found = RUST_FILES.filter((f) => rustFileListed(f.path) === listed);
      if (found.length === 0) return [`${listed} no longer exists within engine/: take it off RUST_FILES_TO_SPLIT`];
      return found.every((f) => f.lines <= MAX_FILE_LINES) ? [`${found.map((f) => `${f.path}:1 is ${f.lines} lines`).join(', ')}: within the limit now, take ${listed} off RUST_FILES_TO_SPLIT`] : [];
    });
    expect(stale, 'stale RUST_FILES_TO_SPLIT entries').toEqual([]);
  });

  it('finds every kind of source file it is meant to check', () => {
    expect(TS_FILES.some((f) => f.path === 'web/src/app/App.tsx')).toBe(true);
    expect(TEST_FILES.some((f) => f.path === 'tests/unit/houseRules.test.ts')).toBe(true);
    expect(RUST_FILES.some((f) => f.path.startsWith('engine/core/tests/'))).toBe(true);
    expect([...TS_FILES, ...RUST_FILES].some((f) => /\/(pkg|generated|target)\//.test(f.path))).toBe(false);
  });
});

describe('house rules: short functions', () => {
  it(`keeps every TypeScript function in web/src and tests/ within ${MAX_FUNCTION_LINES} lines`, () => {
    expect(tooLong([...TS_FILES, ...TEST_FILES], () => false), 'functions over the limit').toEqual([]);
  });

  it(`keeps every Rust function in engine/ within ${MAX_FUNCTION_LINES} lines, those being split aside`, () => {
    expect(
      tooLong(RUST_FILES, (file, name) => rustFunctionListed(file.path, name) !== undefined),
      'functions over the limit',
    ).toEqual([]);
  });

  it('lists only Rust functions that still exist and are still too long (the list only shrinks)', () => {
    const stale = RUST_TO_SPLIT.flatMap((a) => {
      const found = RUST_FILES.flatMap((file) => rustFunctions(file.text).filter((fn) => fn.name === a.fn && rustFunctionListed(file.path, fn.name) === a).map((fn) => ({ file, fn })));
      if (found.length === 0) return [`${a.fn} (${a.file}) no longer exists within engine/: take it off RUST_TO_SPLIT`];
      if (found.some(({ fn }) => fn.length > MAX_FUNCTION_LINES)) return [];
      return [`${found.map(({ file, fn }) => `${file.path}:${fn.line} ${a.fn} is ${fn.length} lines`).join(', ')}: within the limit now, take it off RUST_TO_SPLIT`];
    });
    expect(stale, 'stale RUST_TO_SPLIT entries').toEqual([]);
  });
});

/** `n` lines of statements, for a function body of a known length. */
const body = (n: number, line: string) => Array.from({ length: n }, () => line).join('\n');

describe('house rules: how functions are measured', () => {
  it('counts a function from its declaration to its closing brace, both lines included', () => {
    const spans = typeScriptFunctions(`export function long(a: number): { b: number } {\n${body(80, '  a++;')}\n  return { b: a };\n}\n`);
    expect(spans).toEqual([{ name: 'long', line: 1, endLine: 83, length: 83 }]);
    expect(tooLong([{ path: 'web/src/x.ts', text: `function f() {\n${body(80, 'x();')}\n}`, lines: 82 }], () => false)).toEqual(['web/src/x.ts:1 f is 82 lines (limit 80)']);
  });

  it('finds arrows, methods, callbacks and test bodies, with names', () => {
    const src = [
      'const Chart = ({ x }: Props) => {',
      '  useEffect(() => {',
      '    draw();',
      '  }, []);',
      '  return <div onClick={() => { go(); }} />;',
      '};',
      'class Pool { map(items: string[]): void { run(); } }',
      "describe('share links', () => {",
      "  it('opens', async () => {});",
      '});',
      'const api = { async ping(): Promise<true> { return true; } };',
    ].join('\n');
    const names = typeScriptFunctions(src).map((f) => `${f.name}@${f.line}`);
    expect(names).toEqual(['Chart@1', 'useEffect callback@2', 'anonymous function@5', 'map@7', "describe('share links')@8", "it('opens')@9", 'ping@11']);
  });

  it('ignores braces in strings, template literals, comments, regexes and JSX text', () => {
    const src = [
      'function f() {',
      "  const a = '{'; const b = \"}}\"; const c = `${a} { ${'}'}`;",
      '  // }',
      '  /* } } */',
      '  const r = /[{]+}/g;',
      "  return <p>Don't {a}</p>;",
      '}',
    ].join('\n');
    expect(typeScriptFunctions(src)).toEqual([{ name: 'f', line: 1, endLine: 7, length: 7 }]);
  });

  it('names Rust methods by their impl, and tells lifetimes from char literals', () => {
    const src = [
      "impl<'a> Plan<'a> {",
      "    pub fn new(s: &'a str) -> Result<Self, String> {",
      "        let open = '{'; let s = \"}\"; let raw = r#\"}\"#;",
      '        /* } /* nested } */ } */',
      '        Ok(Plan { s })',
      '    }',
      '}',
      'fn work() -> u64 where u64: Copy { 0 }',
      'trait T { fn declared(&self); }',
    ].join('\n');
    expect(rustFunctions(src)).toEqual([
      { name: 'Plan::new', line: 2, endLine: 6, length: 5 },
      { name: 'work', line: 8, endLine: 8, length: 1 },
    ]);
  });
});
