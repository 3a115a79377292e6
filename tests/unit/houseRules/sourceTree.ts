// The source files the house rules cover, read from disk, paths relative to the repository.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rustFunctions, typeScriptFunctions, type FunctionSpan } from './functionSpans';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Build outputs and generated code: nobody writes them by hand, so no rule applies. */
const GENERATED = ['web/src/engine/pkg', 'web/src/engine/generated', 'engine/target', 'tests/artifacts', 'node_modules'];

export interface SourceFile {
  /** Relative to the repository, with forward slashes: `web/src/app/App.tsx`. */
  path: string;
  text: string;
  lines: number;
}

function walk(dir: string, out: string[]): string[] {
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (GENERATED.includes(path)) continue;
    if (entry.isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

/** Every file under `dir` whose name ends with one of `endings`. */
export function sourceFiles(dir: string, endings: readonly string[]): SourceFile[] {
  return walk(dir, [])
    .filter((path) => endings.some((e) => path.endsWith(e)))
    .map((path) => {
      const text = readFileSync(join(ROOT, path), 'utf8');
      // A final newline ends the last line; it does not start another.
      return { path: relative(ROOT, join(ROOT, path)).replace(/\\/g, '/'), text, lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) };
    });
}

export function functionsOf(file: SourceFile): FunctionSpan[] {
  return file.path.endsWith('.rs') ? rustFunctions(file.text) : typeScriptFunctions(file.text);
}
