// The size grammar shared with the engine: the same vectors are read by the Rust
// test engine/core/tests/size_grammar.rs, so "61m" means the same bytes on both sides.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkSizeNumber, parseBytes, parseSize } from '../../web/src/scenario/bytes';

const vectors = JSON.parse(readFileSync(new URL('../fixtures/size-grammar.json', import.meta.url), 'utf8')) as {
  valid: [string, number][];
  invalid: string[];
};

describe('size grammar (shared vectors)', () => {
  it('has enough cases to mean something', () => {
    expect(vectors.valid.length + vectors.invalid.length).toBeGreaterThanOrEqual(40);
  });

  it.each(vectors.valid)('reads %j as %d bytes', (text, bytes) => {
    expect(parseSize(text)).toEqual({ ok: true, bytes });
    expect(parseBytes(text)).toBe(bytes);
  });

  it.each(vectors.invalid)('refuses %j', (text) => {
    expect(parseSize(text).ok).toBe(false);
    expect(parseBytes(text)).toBeNaN();
  });
});

describe('why a size is refused', () => {
  it('a typo is not a size at all', () => {
    for (const text of ['4q', 'k', '1e3']) expect(parseSize(text)).toEqual({ ok: false, code: 'not_whole_bytes', reason: 'not_a_size' });
  });

  it('a fraction of a byte is not whole bytes (never rounded)', () => {
    for (const text of ['1.5', '0.3k', '1.0001k']) expect(parseSize(text)).toEqual({ ok: false, code: 'not_whole_bytes', reason: 'fraction' });
  });

  it('past 2^53 - 1 is an unsafe integer, whatever the spelling', () => {
    for (const text of ['9007199254740992', '8p', '99999999999999999999', '9007.199254740992TB']) expect(parseSize(text)).toEqual({ ok: false, code: 'unsafe_integer', reason: 'too_large' });
  });

  it('JSON numbers used as sizes must be whole, not negative and safe', () => {
    expect(checkSizeNumber(4096)).toEqual({ ok: true, bytes: 4096 });
    expect(checkSizeNumber(1.5)).toMatchObject({ ok: false, code: 'not_whole_bytes' });
    expect(checkSizeNumber(-1)).toMatchObject({ ok: false, code: 'not_whole_bytes' });
    expect(checkSizeNumber(2 ** 53)).toMatchObject({ ok: false, code: 'unsafe_integer' });
    expect(parseBytes(Number.NaN)).toBeNaN();
  });

  it('hostile input is refused quickly, not computed forever', () => {
    const started = performance.now();
    expect(parseSize(`${'9'.repeat(8000)}k`)).toMatchObject({ ok: false, code: 'unsafe_integer' });
    expect(parseSize(`0.${'0'.repeat(8000)}1`)).toMatchObject({ ok: false, code: 'not_whole_bytes' });
    expect(performance.now() - started).toBeLessThan(500);
  });
});
