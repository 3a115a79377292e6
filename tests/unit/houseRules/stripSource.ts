// Blanks out what brace matching must not see: comments, strings, template literals, regex
// literals (TypeScript) and char literals (Rust). Every blanked character becomes a space and
// every newline stays, so offsets and line numbers in the stripped text are the source's.

type Scan = (src: string, at: number) => number;

/** Replaces src[from, to) by spaces, keeping newlines. */
function blank(out: string[], from: number, to: number): void {
  for (let i = from; i < to; i++) if (out[i] !== '\n') out[i] = ' ';
}

/** Runs a scanner over the text: each returns where a blanked span ends, or -1 for none. */
function stripWith(src: string, scans: Scan[]): string {
  const out = src.split('');
  let i = 0;
  while (i < src.length) {
    let end = -1;
    for (const scan of scans) {
      end = scan(src, i);
      if (end >= 0) break;
    }
    if (end > i) {
      blank(out, i, end);
      i = end;
    } else i++;
  }
  return out.join('');
}

const lineComment: Scan = (src, at) => {
  if (!src.startsWith('//', at)) return -1;
  const nl = src.indexOf('\n', at);
  return nl < 0 ? src.length : nl;
};

/** A block comment; Rust's nest, TypeScript's don't. */
function blockComment(nested: boolean): Scan {
  return (src, at) => {
    if (!src.startsWith('/*', at)) return -1;
    if (!nested) {
      const close = src.indexOf('*/', at + 2);
      return close < 0 ? src.length : close + 2;
    }
    let depth = 0;
    for (let i = at; i < src.length - 1; i++) {
      if (src.startsWith('/*', i)) depth++;
      else if (src.startsWith('*/', i)) depth--;
      else continue;
      i++;
      if (depth === 0) return i + 1;
    }
    return src.length;
  };
}

/**
 * A one-line quoted string. A quote with no closing one on its line is not a string (JSX text
 * such as `Don't` is not code), so it is left alone rather than swallowing the file.
 */
function quoted(quote: string): Scan {
  return (src, at) => {
    if (src[at] !== quote) return -1;
    for (let i = at + 1; i < src.length; i++) {
      if (src[i] === '\\') i++;
      else if (src[i] === quote) return i + 1;
      else if (src[i] === '\n') return -1;
    }
    return -1;
  };
}

/** A template literal, `${…}` included: its expressions are blanked with it. */
const template: Scan = (src, at) => {
  if (src[at] !== '`') return -1;
  for (let i = at + 1; i < src.length; i++) {
    if (src[i] === '\\') i++;
    else if (src[i] === '`') return i + 1;
    else if (src.startsWith('${', i)) i = skipTemplateExpression(src, i + 2) - 1;
  }
  return src.length;
};

/** The end (after `}`) of a template's `${…}`, which may hold strings and nested templates. */
function skipTemplateExpression(src: string, from: number): number {
  let depth = 1;
  for (let i = from; i < src.length; i++) {
    const end = template(src, i) >= 0 ? template(src, i) : quoted("'")(src, i) >= 0 ? quoted("'")(src, i) : quoted('"')(src, i);
    if (end >= 0) i = end - 1;
    else if (src[i] === '{') depth++;
    else if (src[i] === '}' && --depth === 0) return i + 1;
  }
  return src.length;
}

/** A `/…/flags` regex literal, told from division by what comes before the slash. */
const regexLiteral: Scan = (src, at) => {
  if (src[at] !== '/' || src[at + 1] === '/' || src[at + 1] === '*') return -1;
  let j = at - 1;
  while (j >= 0 && (src[j] === ' ' || src[j] === '\t')) j--;
  const before = j < 0 ? '\n' : src[j];
  const keywordBefore = /\b(return|typeof|case|of|in)$/.test(src.slice(Math.max(0, j - 6), j + 1));
  if (!'(,=:[!&|?{};\n+-*%<>~^'.includes(before) && !keywordBefore) return -1;
  let inClass = false;
  for (let i = at + 1; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') i++;
    else if (c === '\n') return -1;
    else if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (c === '/' && !inClass) {
      let k = i + 1;
      while (/[a-z]/.test(src[k] ?? '')) k++;
      return k;
    }
  }
  return -1;
};

/** Rust `r"…"`, `r#"…"#`, `br"…"`: raw strings end only at the quote and as many #s. */
const rustRawString: Scan = (src, at) => {
  const m = /^b?r(#*)"/.exec(src.slice(at, at + 40));
  if (!m || /[A-Za-z0-9_]/.test(src[at - 1] ?? '')) return -1;
  const close = '"' + m[1];
  const end = src.indexOf(close, at + m[0].length);
  return end < 0 ? src.length : end + close.length;
};

/** A Rust string, which may span lines. */
const rustString: Scan = (src, at) => {
  if (src[at] !== '"') return -1;
  for (let i = at + 1; i < src.length; i++) {
    if (src[i] === '\\') i++;
    else if (src[i] === '"') return i + 1;
  }
  return src.length;
};

/** A Rust char literal (`'{'`, `'\n'`, `'\u{7f}'`), told from a lifetime (`'a`) by its closing quote. */
const rustChar: Scan = (src, at) => {
  if (src[at] !== '\'') return -1;
  const m = /^'(\\u\{[0-9a-fA-F]+\}|\\.|[^\\'\n])'/.exec(src.slice(at, at + 12));
  return m ? at + m[0].length : -1;
};

export function stripTypeScript(src: string): string {
  return stripWith(src, [lineComment, blockComment(false), quoted("'"), quoted('"'), template, regexLiteral]);
}

export function stripRust(src: string): string {
  return stripWith(src, [lineComment, blockComment(true), rustRawString, rustString, rustChar]);
}
