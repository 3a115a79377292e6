// How a runtime schema is tied to the TypeScript type it checks, so neither can change alone:
// the types come from Rust (ts-rs, web/src/engine/generated/), the schemas are written here,
// and `tsc` fails when a generated type gains, loses, loosens or retypes a field the schema
// does not (or the other way round). Zod Mini: the same checks and messages as zod's classic
// API, in a third of the worker's bundle (15 KB gzipped against 32 KB).
import { z } from 'zod/mini';

/** True only when A and B are the same type: no field missing, extra, optional or retyped. */
type Same<A, B> = (<X>() => X extends A ? 1 : 2) extends (<X>() => X extends B ? 1 : 2) ? true : false;

/** What `tsc` names when a schema and its type differ: the fields only one of them has. */
interface Differs<Parsed, T> {
  'the schema does not parse to exactly its type; fields only in the schema, fields only in the type': [Exclude<keyof Parsed, keyof T>, Exclude<keyof T, keyof Parsed>];
}

/**
 * `tied<T>()(schema)` is `schema`, if what it parses to is exactly `T`. The bound
 * `S extends z.ZodMiniType<T>` (what `satisfies` would check) catches a field the type has and
 * the schema lacks or types differently; `Same` also catches one only the schema has, and a
 * field optional in one and required in the other, at any depth.
 */
export const tied =
  <T>() =>
  <S extends z.ZodMiniType<T>>(schema: S & (Same<z.output<S>, T> extends true ? unknown : Differs<z.output<S>, T>)): S =>
    schema;

/**
 * A string enum from a Record over its generated union (as errors.ts keeps the error codes):
 * a value the engine adds or drops is a compile error here, and the list exists at run time.
 */
export const oneOf = <T extends string>(values: Record<T, true>) => z.enum(Object.keys(values) as [T, ...T[]]);

/** An object of numbers, one per key: for the long, uniform engine records (the summary). */
export function numbers<const K extends string>(keys: readonly K[]): { [P in K]: z.ZodMiniNumber } {
  return Object.fromEntries(keys.map((k) => [k, z.number()])) as { [P in K]: z.ZodMiniNumber };
}
