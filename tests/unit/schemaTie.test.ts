// The wasm API's results are parsed in one place, against schemas tied to their types at compile
// time (web/src/engine/schemaTie.ts). The `@ts-expect-error` lines are the tie's test, run by
// `npm run typecheck`: each marks a schema that must not compile, and tsc fails on a marker
// that no longer has an error to expect, so a tie that stopped catching a drift fails there.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { numbers, oneOf, tied } from '../../web/src/engine/schemaTie';
import type { LatencySummary } from '../../web/src/engine/types';

const LATENCY = ['count', 'mean_us', 'p50_us', 'p99_us', 'p999_us', 'max_us'] as const;
const n = z.number();
/** The page reads the 99.99th percentile as optional: run files made before it have none. */
const P9999 = { p9999_us: z.optional(n) };

describe('a schema is tied to its type', () => {
  it('compiles when it parses to exactly its type, and checks at run time', () => {
    const latency = tied<LatencySummary>()(z.object({ ...numbers(LATENCY), ...P9999 }));
    const value = { count: 1, mean_us: 2, p50_us: 3, p99_us: 4, p999_us: 5, max_us: 6 };
    expect(latency.parse(value)).toEqual(value);
    expect(latency.safeParse({ ...value, p99_us: '4' }).success).toBe(false);
  });

  it('does not compile when the type has a field the schema lacks, or types it otherwise', () => {
    // @ts-expect-error max_us is missing from the schema
    tied<LatencySummary>()(z.object({ ...numbers(['count', 'mean_us', 'p50_us', 'p99_us', 'p999_us']), ...P9999 }));
    // @ts-expect-error count is a string in the schema
    tied<LatencySummary>()(z.object({ ...numbers(LATENCY), ...P9999, count: z.string() }));
    expect(true).toBe(true);
  });

  it('does not compile when only the schema has a field, or has one optional that the type requires', () => {
    // @ts-expect-error min_us is only in the schema, even optional
    tied<LatencySummary>()(z.object({ ...numbers(LATENCY), ...P9999, min_us: z.optional(n) }));
    // @ts-expect-error max_us is required in the type
    tied<LatencySummary>()(z.object({ ...numbers(LATENCY), ...P9999, max_us: z.optional(n) }));
    // @ts-expect-error a field nested in a list: only in the schema
    tied<{ rows: { a: number }[] }>()(z.object({ rows: z.array(z.object({ a: n, b: z.optional(n) })) }));
    expect(true).toBe(true);
  });

  it('keeps an enum to its union: every value, no other', () => {
    type Role = 'read' | 'write';
    expect(oneOf<Role>({ read: true, write: true }).options).toEqual(['read', 'write']);
    // @ts-expect-error write is missing
    oneOf<Role>({ read: true });
    // @ts-expect-error trim is not a Role
    oneOf<Role>({ read: true, write: true, trim: true });
  });
});

describe('the boundary', () => {
  it('parses JSON from the wasm only in engineResult.ts (nothing else in the worker casts a result)', () => {
    const dir = new URL('../../web/src/engine/', import.meta.url);
    const parsing = readdirSync(dir)
      .filter((f) => /\.tsx?$/.test(f) && readFileSync(new URL(f, dir), 'utf8').includes('JSON.parse('))
      .sort();
    expect(parsing).toEqual(['engineResult.ts']);
  });
});
