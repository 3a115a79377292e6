// Finds the functions in a source file and how many lines each spans, by brace matching on the
// stripped text (see stripSource.ts). Not a parser: it knows the shapes this repository writes
// (function declarations, arrows, object/class methods, test callbacks; Rust `fn` items) and
// errs towards finding a function rather than missing one.
import { stripRust, stripTypeScript } from './stripSource';

export interface FunctionSpan {
  /** `Chart`, `describe('share links')`, `useEffect callback`, Rust `Plan::new`. */
  name: string;
  /** 1-based line of the declaration's start and of its closing brace. */
  line: number;
  endLine: number;
  /** Lines from the declaration to its closing brace, both counted. */
  length: number;
}

const OPENERS: Record<string, string> = { '{': '}', '(': ')', '[': ']' };

/** For each bracket, the offset of its partner (both ways); unbalanced ones are left out. */
function matchBrackets(code: string): Map<number, number> {
  const partner = new Map<number, number>();
  const stack: number[] = [];
  for (let i = 0; i < code.length; i++) {
    const c = code[i];
    if (c in OPENERS) stack.push(i);
    else if (c === '}' || c === ')' || c === ']') {
      // Pop to the nearest opener of this kind, so one stray bracket cannot shift all the rest.
      let k = stack.length - 1;
      while (k >= 0 && OPENERS[code[stack[k]]] !== c) k--;
      if (k < 0) continue;
      const open = stack[k];
      stack.length = k;
      partner.set(open, i);
      partner.set(i, open);
    }
  }
  return partner;
}

/** 1-based line of each offset, by binary search over the newline offsets. */
function lineFinder(code: string): (offset: number) => number {
  const starts = [0];
  for (let i = 0; i < code.length; i++) if (code[i] === '\n') starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

function nextNonSpace(code: string, from: number): number {
  let i = from;
  while (i < code.length && /\s/.test(code[i])) i++;
  return i;
}

interface Source {
  code: string;
  original: string;
  partner: Map<number, number>;
  lineOf: (offset: number) => number;
}

function source(original: string, strip: (s: string) => string): Source {
  const code = strip(original);
  return { code, original, partner: matchBrackets(code), lineOf: lineFinder(code) };
}

function span(src: Source, name: string, start: number, bodyOpen: number): FunctionSpan | null {
  const close = src.partner.get(bodyOpen);
  if (close === undefined) return null;
  const line = src.lineOf(start);
  const endLine = src.lineOf(close);
  return { name, line, endLine, length: endLine - line + 1 };
}

// ---- TypeScript ------------------------------------------------------------------------------

const NOT_METHOD_NAMES = new Set([
  'if', 'for', 'while', 'switch', 'catch', 'function', 'return', 'with', 'typeof', 'await',
  'new', 'super', 'import', 'void', 'delete', 'in', 'of', 'do', 'else', 'case', 'throw', 'yield',
]);

/**
 * Where the body `{` after a parameter list's `)` is, or -1 when none follows (a call, an
 * overload): an optional `: ReturnType` is skipped, an object type `{ … }` and `<…>` included.
 */
function bodyAfterParams(src: Source, paramsClose: number): number {
  const { code, partner } = src;
  let i = nextNonSpace(code, paramsClose + 1);
  if (code[i] === '{') return i;
  if (code[i] !== ':') return -1;
  i = nextNonSpace(code, i + 1);
  if (code[i] === '{') {
    const typeEnd = partner.get(i);
    if (typeEnd === undefined) return -1;
    i = nextNonSpace(code, typeEnd + 1);
    return code[i] === '{' ? i : -1;
  }
  let angle = 0;
  for (const limit = i + 200; i < code.length && i < limit; i++) {
    const c = code[i];
    if (c === '<') angle++;
    else if (c === '>' && code[i - 1] !== '=') angle--;
    else if ((c === '(' || c === '[' || (c === '{' && angle > 0)) && partner.has(i)) i = partner.get(i) ?? i;
    else if (c === '{') return i;
    else if (';,)}='.includes(c) && !(c === '=' && code[i + 1] === '>')) return -1;
  }
  return -1;
}

/** A name for an anonymous function from what precedes it on its line. */
function nameFromContext(src: Source, start: number): string {
  const lineStart = src.original.lastIndexOf('\n', start - 1) + 1;
  const before = src.original.slice(lineStart, start);
  const declared = /(?:const|let|var)\s+([\w$]+)\s*(?::[^=]*)?=\s*(?:async\s*)?(?:function\s*\*?\s*)?$/.exec(before);
  if (declared) return declared[1];
  const property = /([\w$]+)\s*:\s*(?:async\s*)?$/.exec(before);
  if (property) return property[1];
  const titled = /([\w$.]+)\(\s*(['"`])(.*?)\2\s*,\s*(?:async\s*)?$/.exec(before);
  if (titled) return `${titled[1]}('${titled[3]}')`;
  const callback = /([\w$.]+)\([^()]*$/.exec(before);
  if (callback) return `${callback[1]} callback`;
  return 'anonymous function';
}

/** Where an arrow's parameters start: the `(` matching a `)` right before `=>`, else `=>` itself. */
function arrowStart(src: Source, arrow: number): number {
  let j = arrow - 1;
  while (j >= 0 && /\s/.test(src.code[j])) j--;
  if (src.code[j] === ')') return src.partner.get(j) ?? arrow;
  // `x => …` or `async x => …`: the parameter's own line.
  while (j >= 0 && /[\w$]/.test(src.code[j])) j--;
  return j + 1;
}

function arrowFunctions(src: Source, found: Map<number, FunctionSpan>): void {
  for (const m of src.code.matchAll(/=>\s*([{(])/g)) {
    const bodyOpen = m.index + m[0].length - 1;
    const start = arrowStart(src, m.index);
    const fn = span(src, nameFromContext(src, start), start, bodyOpen);
    if (fn && !found.has(bodyOpen)) found.set(bodyOpen, fn);
  }
}

function functionKeywords(src: Source, found: Map<number, FunctionSpan>): void {
  for (const m of src.code.matchAll(/\bfunction\b\s*\*?\s*([\w$]*)[^(]*\(/g)) {
    const paramsOpen = m.index + m[0].length - 1;
    const paramsClose = src.partner.get(paramsOpen);
    if (paramsClose === undefined) continue;
    const bodyOpen = bodyAfterParams(src, paramsClose);
    if (bodyOpen < 0) continue;
    const fn = span(src, m[1] || nameFromContext(src, m.index), m.index, bodyOpen);
    if (fn) found.set(bodyOpen, fn);
  }
}

function methods(src: Source, found: Map<number, FunctionSpan>): void {
  const shape = /(^|[\s;{},])((?:(?:async|static|get|set|public|private|protected|readonly|override)\s+)*)\*?\s*([A-Za-z_$][\w$]*)\s*(?:<[^<>()]*>)?\s*\(/gm;
  for (const m of src.code.matchAll(shape)) {
    const name = m[3];
    if (NOT_METHOD_NAMES.has(name)) continue;
    const paramsOpen = m.index + m[0].length - 1;
    const paramsClose = src.partner.get(paramsOpen);
    if (paramsClose === undefined) continue;
    const bodyOpen = bodyAfterParams(src, paramsClose);
    if (bodyOpen < 0 || found.has(bodyOpen)) continue;
    const fn = span(src, name, m.index + m[1].length, bodyOpen);
    if (fn) found.set(bodyOpen, fn);
  }
}

export function typeScriptFunctions(text: string): FunctionSpan[] {
  const src = source(text, stripTypeScript);
  const found = new Map<number, FunctionSpan>();
  functionKeywords(src, found);
  arrowFunctions(src, found);
  methods(src, found);
  return [...found.values()].sort((a, b) => a.line - b.line);
}

// ---- Rust ------------------------------------------------------------------------------------

/** The type an `impl … {` or `trait … {` header is for: `Plan` in `impl<'a> Default for Plan<'a>`. */
function implSubject(header: string): string {
  let h = header.replace(/^(impl|trait)\s*/, '');
  if (h.startsWith('<')) {
    let depth = 0;
    let k = 0;
    for (; k < h.length; k++) {
      if (h[k] === '<') depth++;
      else if (h[k] === '>' && h[k - 1] !== '-' && --depth === 0) break;
    }
    h = h.slice(k + 1);
  }
  const forType = /\bfor\s+(.*)$/s.exec(h);
  if (forType) h = forType[1];
  const path = /[\w:]+/.exec(h.trim())?.[0] ?? '';
  return path.split('::').pop() ?? '';
}

/** The blocks of `impl` and `trait` items, with the type each is for. */
function implBlocks(src: Source): { open: number; close: number; subject: string }[] {
  const blocks = [];
  for (const m of src.code.matchAll(/\b(?:impl|trait)\b[^{;]*\{/g)) {
    const open = m.index + m[0].length - 1;
    const close = src.partner.get(open);
    if (close !== undefined) blocks.push({ open, close, subject: implSubject(m[0].slice(0, -1)) });
  }
  return blocks;
}

/** Where a `fn`'s body starts after its parameters, or -1 for a declaration without one. */
function rustBody(src: Source, paramsClose: number): number {
  for (let i = paramsClose + 1; i < src.code.length; i++) {
    const c = src.code[i];
    if (c === '{') return i;
    if (c === ';') return -1;
    if ((c === '(' || c === '[') && src.partner.has(i)) i = src.partner.get(i) ?? i;
  }
  return -1;
}

export function rustFunctions(text: string): FunctionSpan[] {
  const src = source(text, stripRust);
  const blocks = implBlocks(src);
  const spans: FunctionSpan[] = [];
  for (const m of src.code.matchAll(/\bfn\s+([A-Za-z_]\w*)[^(]*\(/g)) {
    const paramsClose = src.partner.get(m.index + m[0].length - 1);
    if (paramsClose === undefined) continue;
    const bodyOpen = rustBody(src, paramsClose);
    if (bodyOpen < 0) continue;
    // The innermost impl or trait around it names its type: `Plan::new`.
    const owner = blocks.filter((b) => b.open < m.index && m.index < b.close).sort((a, b) => b.open - a.open)[0];
    const fn = span(src, owner ? `${owner.subject}::${m[1]}` : m[1], m.index, bodyOpen);
    if (fn) spans.push(fn);
  }
  return spans;
}
