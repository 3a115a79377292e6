// How the story linter reads numbers (tests/storyLint/numbers.ts): with their units, at the
// precision they are written with, so a number shown before a question is found however it is
// rounded or in whichever unit it is written.
import { describe, expect, it } from 'vitest';
import { answerNumbers, numbersIn, sameNumber } from '../storyLint/numbers';

const one = (text: string) => {
  const found = numbersIn(text);
  expect(found, text).toHaveLength(1);
  return found[0];
};
const same = (answer: string, shown: string) => sameNumber(one(answer), one(shown));

describe('numbers in story text', () => {
  it('reads numbers with their units, and leaves names alone (QD32, p99, Q32T1, 660p, x4)', () => {
    expect(numbersIn('article 61.23 MB/s, 6,300 ms, 2.2 times, 2.2×, 約 2.2 倍, 43.16 %, 1 GB/s').map((n) => [n.value, n.family])).toEqual([
      [61.23, 'rate'],
      [6300, 'time'],
      [2.2, 'ratio'],
      [2.2, 'ratio'],
      [2.2, 'ratio'],
      [43.16, 'percent'],
      [1, 'rate'],
    ]);
    expect(numbersIn('QD32, p99, Q32T1, SEQ1M, RND4K, the 660p on PCIe x4')).toEqual([]);
  });

  it('61.23 ≈ 61.2 ≈ 61 ≈ "about 60"; 6,300 ms ≈ 6 s; "2.2 times" ≈ 2.2× ≈ 2.2 倍; 1.88 ≈ 1.9', () => {
    expect(same('About 60 MB/s', 'article 61.23 MB/s')).toBe(true);
    expect(same('61.2 MB/s', '61.23 MB/s')).toBe(true);
    expect(same('61 MB/s', '61.23 MB/s')).toBe(true);
    expect(same('About 6 s', 'about 6,300 ms')).toBe(true);
    expect(same('2.2×', 'about 2.2 times as fast')).toBe(true);
    expect(same('2.2×', '約 2.2 倍')).toBe(true);
    expect(same('about 1.9', 'WAF 1.88')).toBe(true);
    // A bare number shown is read in the answer's unit: "(the article: 61.23)".
    expect(same('About 60 MB/s', 'the article: 61.23')).toBe(true);
  });

  it('different quantities, units or magnitudes are different numbers', () => {
    expect(same('About 60 MB/s', '70 MB/s')).toBe(false);
    expect(same('About 60 MB/s', '60 GB')).toBe(false);
    expect(same('40 GB', '46 GB')).toBe(false);
    expect(same('About 6 s', '6 ms')).toBe(false);
    expect(same('1 GB/s', '60 MB/s')).toBe(false);
    // A bare one-digit number (a round, a step) names no quantity.
    expect(same('about 1.9', 'round 2')).toBe(false);
  });

  it("an answer's numbers worth looking for: with a unit or two significant digits, not given by the question", () => {
    expect(answerNumbers('About 60 MB/s', 'Before the cliff it writes 1,000 MB/s. How fast after?').map((n) => n.text)).toEqual(['60 MB/s']);
    expect(answerNumbers('About 4', 'How many NAND writes?')).toEqual([]);
    expect(answerNumbers('Less than half, about 1.9', 'WAF?').map((n) => n.text)).toEqual(['1.9']);
    expect(answerNumbers('Still about 74 GB', 'The cache was 74 GB. And now?')).toEqual([]);
  });
});
