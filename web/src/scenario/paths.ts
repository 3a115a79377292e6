// Dotted-path access to a scenario as plain JSON. The scenario is data from outside (a URL,
// a file, localStorage), so every walk uses own properties only and refuses the segment names
// that could reach Object.prototype.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** "device.nand.channels" → ["device", "nand", "channels"], or null for a path we never touch. */
export function splitPath(path: string): string[] | null {
  if (path.length === 0 || path.length > 200) return null;
  const parts = path.split('.');
  return parts.every((p) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(p) && !FORBIDDEN.has(p)) ? parts : null;
}

/** The value at `path`, or undefined when any step is missing (own properties only). */
export function getPath(root: unknown, path: string): Json | undefined {
  const parts = splitPath(path);
  if (!parts) return undefined;
  let at: unknown = root;
  for (const part of parts) {
    if (!isObject(at) || !Object.hasOwn(at, part)) return undefined;
    at = at[part];
  }
  return at as Json;
}

/**
 * A copy of `root` with `value` at `path`. Objects along the path are copied (the input is never
 * mutated); a missing or null step becomes a fresh object, as when a nullable group such as
 * `device.nand.timing` gets its first field.
 */
export function setPath<T extends JsonObject>(root: T, path: string, value: Json): T {
  const parts = splitPath(path);
  if (!parts) throw new Error(`not a scenario path: ${path}`);
  const write = (node: Json | undefined, i: number): Json => {
    const copy: JsonObject = isObject(node) ? { ...node } : {};
    const key = parts[i];
    copy[key] = i === parts.length - 1 ? value : write(Object.hasOwn(copy, key) ? copy[key] : undefined, i + 1);
    return copy;
  };
  return write(root, 0) as T;
}

/**
 * Every leaf by dotted path, in the object's own order. Arrays and nulls are leaves (a list of
 * spans is one value; a null group means "not set").
 */
export function flattenLeaves(root: Json, prefix = '', out = new Map<string, Json>()): Map<string, Json> {
  if (!isObject(root)) {
    if (prefix) out.set(prefix, root);
    return out;
  }
  for (const [key, value] of Object.entries(root)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isObject(value)) flattenLeaves(value, path, out);
    else out.set(path, value);
  }
  return out;
}

/** A JSON value as text: scalars as themselves, lists and objects as JSON (never "[object Object]"). */
export function jsonText(value: Json | undefined): string {
  if (value === undefined) return '';
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** Deep equality for JSON values (numbers by ===, so 0 and -0 count as equal). */
export function sameJson(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && sameJson(a[k], b[k]));
  }
  return false;
}
