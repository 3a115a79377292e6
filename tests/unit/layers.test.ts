// The page's structure, held (issue 43; DESIGN.md "From wave 4 on: the page's layers"), as
// engine/core/tests/layers.rs holds the engine's: web/src's folders stand in layers and a file
// imports only from its own folder or the layers below it, and no two files import each other,
// directly or around a loop. A change that adds an import running back up, or a circle of
// files, fails here naming the files and the names that tie them.
//
// The source is parsed with the TypeScript compiler: `import … from`, `export … from`,
// `import('…')` and `typeof import('…')`, type-only imports included (a type that runs back up
// ties the layers as much as a value does). `new URL('…', import.meta.url)` is not an import.
// Generated code and the wasm glue (see houseRules/sourceTree.ts) are not read, but an import
// of them counts, in the layer of the folder they sit in.
import { existsSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from './houseRules/sourceTree';

/**
 * Bottom to top: web/src's folders, each importing only from itself and the ones before it.
 * - engine: the worker bridge and the engine's generated contract (ts-rs types, wasm glue).
 * - scenario: the link codec, sizes, knob helpers: data, no React, no text shown.
 * - i18n: every string the page shows, the engine's by id; it reads the knob helpers (device
 *   kinds in use), and nearly everything above shows text.
 * - ui: generic widgets (dialog, switch, icon, the engine's status badge), translated.
 * - glossary: the terms and the text that links them (RichText, Term), shared by every layer
 *   above that writes prose: charts' captions, panels' help, the stories.
 * - session: the scenario object, its compiled handle, the run and its stream, pins, trace, link.
 * - run: what is drawn from a run (run views, QoS, comparability, article marks).
 * - charts, panels, explain (the lab and the stories), app (the shell only).
 * Files at web/src's root (`main.tsx`) sit above every folder.
 */
export const LAYERS = ['engine', 'scenario', 'i18n', 'ui', 'glossary', 'session', 'run', 'charts', 'panels', 'explain', 'gallery', 'app'] as const;

const SRC = 'web/src';

/** One import: the file it points at (repository path) and the names it brings in. */
export interface Import {
  from: string;
  to: string;
  names: string[];
}

/** A written import, before it is resolved: the specifier as written and what it names. */
export interface Written {
  specifier: string;
  names: string[];
}

const literal = (node: ts.Node | undefined): string | undefined => (node && ts.isStringLiteralLike(node) ? node.text : undefined);

function importNames(clause: ts.ImportClause | undefined): string[] {
  if (!clause) return ['(side effect)'];
  const names: string[] = [];
  if (clause.name) names.push(clause.name.text);
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) names.push(`* as ${bindings.name.text}`);
  if (bindings && ts.isNamedImports(bindings)) names.push(...bindings.elements.map((e) => (e.propertyName ?? e.name).text));
  return names;
}

function exportNames(clause: ts.NamedExportBindings | undefined): string[] {
  if (!clause) return ['*'];
  if (ts.isNamespaceExport(clause)) return [`* as ${clause.name.text}`];
  return clause.elements.map((e) => (e.propertyName ?? e.name).text);
}

/** Every import a source text writes: static, re-export, dynamic and `typeof import()`. */
export function writtenImports(path: string, text: string): Written[] {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, kind);
  const out: Written[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const specifier = literal(node.moduleSpecifier);
      if (specifier) out.push({ specifier, names: importNames(node.importClause) });
    } else if (ts.isExportDeclaration(node)) {
      const specifier = literal(node.moduleSpecifier);
      if (specifier) out.push({ specifier, names: exportNames(node.exportClause) });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const specifier = literal(node.arguments[0]);
      if (specifier) out.push({ specifier, names: ['import()'] });
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      const specifier = ts.isLiteralTypeNode(arg) ? literal(arg.literal) : undefined;
      const qualifier = node.qualifier ? [node.qualifier.getText(source)] : ['typeof import()'];
      if (specifier) out.push({ specifier, names: qualifier });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const isFile = (path: string) => existsSync(join(ROOT, path)) && statSync(join(ROOT, path)).isFile();

/**
 * The repository path a relative specifier points at (`./x` → `web/src/a/x.ts`), as the bundler
 * resolves it: as written, with `.ts` / `.tsx`, `.js` read as `.ts`, or a folder's index.
 * A file not on disk (generated code before `npm run build:engine`) keeps its written path.
 */
export function resolveSpecifier(from: string, specifier: string, exists: (path: string) => boolean = isFile): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const bare = posix.normalize(posix.join(posix.dirname(from), specifier.replace(/[?#].*$/, '')));
  const stem = bare.replace(/\.(js|jsx|mjs)$/, '');
  const candidates = [bare, `${bare}.ts`, `${bare}.tsx`, `${stem}.ts`, `${stem}.tsx`, `${bare}/index.ts`, `${bare}/index.tsx`];
  return candidates.find(exists) ?? bare;
}

/** The layer a file stands in: its folder's place in `layers`, or above them all at web/src's root. */
export function layerOf(path: string, layers: readonly string[] = LAYERS): number | undefined {
  const rest = path.startsWith(`${SRC}/`) ? path.slice(SRC.length + 1) : undefined;
  if (rest === undefined) return undefined;
  const parts = rest.split('/');
  if (parts.length === 1) return layers.length;
  const at = layers.indexOf(parts[0]);
  return at < 0 ? undefined : at;
}

const short = (path: string) => (path.startsWith(`${SRC}/`) ? path.slice(SRC.length + 1) : path);
const shown = (i: Import) => `${short(i.from)} → ${short(i.to)} { ${i.names.join(', ')} }`;

/** Imports that run back up the layers, and files or targets in a folder no layer names. */
export function upwardImports(imports: readonly Import[], layers: readonly string[] = LAYERS): string[] {
  const out: string[] = [];
  for (const i of imports) {
    const from = layerOf(i.from, layers);
    const to = layerOf(i.to, layers);
    if (from === undefined) out.push(`${short(i.from)} is in no layer (add its folder to LAYERS)`);
    else if (to === undefined) {
      if (i.to.startsWith(`${SRC}/`)) out.push(`${shown(i)}: the target is in no layer`);
    } else if (to > from) out.push(`${shown(i)}: ${layers[from] ?? 'web/src'} is below ${layers[to] ?? 'web/src'}`);
  }
  return [...new Set(out)];
}

/** The strongly connected components of more than one file (or a file importing itself), Tarjan's way. */
function circles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const connect = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (edges.get(v) ?? []).includes(v)) out.push(component.sort());
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) connect(v);
  return out;
}

/** One loop through a circle's files, as the imports that make it: a → b { names } → … → a. */
function loopThrough(component: readonly string[], imports: readonly Import[]): Import[] {
  const inside = new Set(component);
  const start = component[0];
  const cameFrom = new Map<string, Import>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const i of imports) {
      if (i.from !== v || !inside.has(i.to)) continue;
      if (i.to === start) {
        const path = [i];
        for (let at = v; at !== start; at = cameFrom.get(at)!.from) path.unshift(cameFrom.get(at)!);
        return path;
      }
      if (!cameFrom.has(i.to)) {
        cameFrom.set(i.to, i);
        queue.push(i.to);
      }
    }
  }
  return [];
}

/** Every circle of files, each named by its files and one loop of imports through them. */
export function importCircles(imports: readonly Import[]): string[] {
  const edges = new Map<string, string[]>();
  for (const i of imports) edges.set(i.from, [...(edges.get(i.from) ?? []), i.to]);
  return circles(edges).map((files) => `${files.map(short).join(' ↔ ')}: ${loopThrough(files, imports).map(shown).join('; ')}`).sort();
}

/** web/src's imports between its own files and of its generated code, resolved. */
function pageImports(): { files: string[]; imports: Import[] } {
  const files = sourceFiles(SRC, ['.ts', '.tsx']);
  const imports: Import[] = [];
  for (const file of files) {
    for (const w of writtenImports(file.path, file.text)) {
      const to = resolveSpecifier(file.path, w.specifier);
      if (to) imports.push({ from: file.path, to, names: w.names });
    }
  }
  return { files: files.map((f) => f.path), imports };
}

describe('the checker', () => {
  it('reads every kind of import a file can write', () => {
    const text = [
      "import a, { b as c, type D } from './one';",
      "import * as ns from '../two';",
      "import './side.css';",
      "export { e } from './three';",
      "export * from './four';",
      "const lazy = () => import('./five');",
      "type W = typeof import('./six.js');",
      "type V = import('./seven').Thing;",
      "import React from 'react';",
      "const url = new URL('./worker.ts', import.meta.url);",
      "// import { nope } from './comment';",
      "const s = \"import { nope } from './string'\";",
    ].join('\n');
    expect(writtenImports('web/src/x/file.tsx', text)).toEqual([
      { specifier: './one', names: ['a', 'b', 'D'] },
      { specifier: '../two', names: ['* as ns'] },
      { specifier: './side.css', names: ['(side effect)'] },
      { specifier: './three', names: ['e'] },
      { specifier: './four', names: ['*'] },
      { specifier: './five', names: ['import()'] },
      { specifier: './six.js', names: ['typeof import()'] },
      { specifier: './seven', names: ['Thing'] },
      { specifier: 'react', names: ['React'] },
    ]);
  });

  it('resolves a specifier as the bundler does', () => {
    const on = new Set(['web/src/a/b.ts', 'web/src/a/c.tsx', 'web/src/d/index.ts', 'web/src/engine/pkg/glue.ts']);
    const exists = (p: string) => on.has(p);
    expect(resolveSpecifier('web/src/a/x.ts', './b', exists)).toBe('web/src/a/b.ts');
    expect(resolveSpecifier('web/src/a/x.ts', './c', exists)).toBe('web/src/a/c.tsx');
    expect(resolveSpecifier('web/src/a/x.ts', '../d', exists)).toBe('web/src/d/index.ts');
    expect(resolveSpecifier('web/src/a/x.ts', '../engine/pkg/glue.js', exists)).toBe('web/src/engine/pkg/glue.ts');
    expect(resolveSpecifier('web/src/a/x.ts', '../engine/generated/Knob', exists)).toBe('web/src/engine/generated/Knob');
    expect(resolveSpecifier('web/src/a/x.ts', 'react', exists)).toBeUndefined();
  });

  it('names a circle and an import running back up, and passes a clean graph', () => {
    const layers = ['engine', 'scenario', 'app'];
    const at = (p: string) => `web/src/${p}`;
    const imp = (from: string, to: string, ...names: string[]): Import => ({ from: at(from), to: at(to), names });
    const clean = [imp('app/App.tsx', 'scenario/codec.ts', 'encode'), imp('scenario/codec.ts', 'engine/bridge.ts', 'run'), imp('main.tsx', 'app/App.tsx', 'App')];
    expect(importCircles(clean)).toEqual([]);
    expect(upwardImports(clean, layers)).toEqual([]);

    const tangled = [...clean, imp('engine/bridge.ts', 'scenario/codec.ts', 'Knob'), imp('app/a.ts', 'app/b.ts', 'x'), imp('app/b.ts', 'app/c.ts', 'y'), imp('app/c.ts', 'app/a.ts', 'z')];
    expect(importCircles(tangled)).toEqual([
      'app/a.ts ↔ app/b.ts ↔ app/c.ts: app/a.ts → app/b.ts { x }; app/b.ts → app/c.ts { y }; app/c.ts → app/a.ts { z }',
      'engine/bridge.ts ↔ scenario/codec.ts: engine/bridge.ts → scenario/codec.ts { Knob }; scenario/codec.ts → engine/bridge.ts { run }',
    ]);
    expect(upwardImports(tangled, layers)).toEqual(['engine/bridge.ts → scenario/codec.ts { Knob }: engine is below scenario']);
    expect(upwardImports([imp('lost/x.ts', 'app/App.tsx', 'App'), imp('app/App.tsx', 'lost/y.ts', 'y')], layers)).toEqual([
      'lost/x.ts is in no layer (add its folder to LAYERS)',
      'app/App.tsx → lost/y.ts { y }: the target is in no layer',
    ]);
  });
});

describe("web/src's layers", () => {
  const { files, imports } = pageImports();
  const internal = imports.filter((i) => i.to.startsWith(`${SRC}/`));

  it('reads the whole page', () => {
    expect(files.length).toBeGreaterThan(150);
    expect(internal.length).toBeGreaterThan(300);
    expect(files).toContain(`${SRC}/main.tsx`);
  });

  it('has no circle of files', () => {
    expect(importCircles(internal.filter((i) => files.includes(i.to)))).toEqual([]);
  });

  it('has no import running back up the layers', () => {
    expect(upwardImports(internal)).toEqual([]);
  });

  it('names every folder of web/src in LAYERS', () => {
    const folders = new Set(files.map((f) => short(f).split('/')).filter((p) => p.length > 1).map((p) => p[0]));
    expect([...folders].filter((f) => !(LAYERS as readonly string[]).includes(f))).toEqual([]);
  });
});
