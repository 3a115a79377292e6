// Numbers in story text, read as a reader reads them: "61.23 MB/s", "about 60 MB/s", "6,300 ms",
// "6 s", "2.2 times", "2.2×", "2.2 倍", "43.16 %". Two numbers say the same when either, read at
// the precision it is written with, covers the other: 61.23 ≈ 61.2 ≈ 61 ≈ "about 60" (a written
// 60 stands for 55–65: half its last significant digit either way), 6,300 ms ≈ 6 s.

/** A unit family and the factor to its base unit (MB/s, GB, GiB, ms, %, ×). */
interface UnitOf {
  family: string;
  factor: number;
}

const UNITS: Record<string, UnitOf> = {
  'kb/s': { family: 'rate', factor: 1e-3 },
  'mb/s': { family: 'rate', factor: 1 },
  'gb/s': { family: 'rate', factor: 1e3 },
  kb: { family: 'size', factor: 1e-6 },
  mb: { family: 'size', factor: 1e-3 },
  gb: { family: 'size', factor: 1 },
  tb: { family: 'size', factor: 1e3 },
  kib: { family: 'bsize', factor: 1 / 1024 ** 2 },
  mib: { family: 'bsize', factor: 1 / 1024 },
  gib: { family: 'bsize', factor: 1 },
  tib: { family: 'bsize', factor: 1024 },
  ns: { family: 'time', factor: 1e-6 },
  µs: { family: 'time', factor: 1e-3 },
  us: { family: 'time', factor: 1e-3 },
  ms: { family: 'time', factor: 1 },
  s: { family: 'time', factor: 1e3 },
  seconds: { family: 'time', factor: 1e3 },
  second: { family: 'time', factor: 1e3 },
  秒: { family: 'time', factor: 1e3 },
  '%': { family: 'percent', factor: 1 },
  '×': { family: 'ratio', factor: 1 },
  x: { family: 'ratio', factor: 1 },
  times: { family: 'ratio', factor: 1 },
  倍: { family: 'ratio', factor: 1 },
  iops: { family: 'iops', factor: 1 },
};

export interface StoryNumber {
  /** As written ("61.23 MB/s"). */
  text: string;
  value: number;
  /** Half the place value of the last significant digit, in the number's own unit. */
  slack: number;
  /** Unit family (null: a bare number) and the factor to the family's base unit. */
  family: string | null;
  factor: number;
}

const UNIT_WORDS = Object.keys(UNITS)
  .sort((a, b) => b.length - a.length)
  .map((u) => u.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
  .join('|');
// A number (thousands with commas, decimals) and the unit after it, if any. Letters right before
// the number make it part of a name (QD32, p99, Q32T1, SEQ1M, RND4K, 660p, x4): not a quantity.
const NUMBER = new RegExp(`(?<![A-Za-z_\\d.,])(\\d{1,3}(?:,\\d{3})+|\\d+)(\\.\\d+)?(?![A-Za-z\\d])\\s?(${UNIT_WORDS})?(?![A-Za-z])`, 'giu');

/** Half the place value of the last significant digit: 60 → 5, 61 → 0.5, 61.23 → 0.005, 0.06 → 0.005. */
function slackOf(intPart: string, frac: string): number {
  if (frac) return 0.5 * 10 ** -frac.length;
  const trailingZeros = intPart.match(/0*$/)![0].length;
  // A lone 0 or a number of zeros only has no significant digit to speak of.
  return intPart.replace(/0/g, '') === '' ? 0.5 : 0.5 * 10 ** trailingZeros;
}

/** Every number in a text, with its unit where one follows. */
export function numbersIn(text: string): StoryNumber[] {
  const out: StoryNumber[] = [];
  for (const m of text.matchAll(NUMBER)) {
    const intPart = m[1].replace(/,/g, '');
    const frac = m[2] ? m[2].slice(1) : '';
    const value = Number(`${intPart}${frac ? `.${frac}` : ''}`);
    const unit = m[3] ? UNITS[m[3].toLowerCase()] ?? UNITS[m[3]] : undefined;
    out.push({ text: m[0].trim(), value, slack: slackOf(intPart, frac), family: unit?.family ?? null, factor: unit?.factor ?? 1 });
  }
  return out;
}

/** The values a number as written stands for, in its family's base unit. */
function range(n: StoryNumber): [number, number] {
  return [(n.value - n.slack) * n.factor, (n.value + n.slack) * n.factor];
}

/**
 * Does `shown` tell `answer`? Same unit family (a bare number shown counts for any unit: "the
 * article: 47.05"; a bare one of one significant digit for none), and either number, read at its
 * own precision, covers the other.
 */
export function sameNumber(answer: StoryNumber, shown: StoryNumber): boolean {
  // A bare "2" or "12" (a round, a step, a count) names no quantity to be found.
  if (shown.family === null && significantDigits(shown) < 2) return false;
  if (answer.family !== shown.family) {
    if (shown.family !== null || answer.family === null) return false;
    // A bare number shown is read in the answer's unit.
    return sameNumber(answer, { ...shown, family: answer.family, factor: answer.factor });
  }
  const [a0, a1] = range(answer);
  const [s0, s1] = range(shown);
  const a = answer.value * answer.factor;
  const s = shown.value * shown.factor;
  return (s >= a0 && s <= a1) || (a >= s0 && a <= s1);
}

function significantDigits(n: StoryNumber): number {
  return n.text.replace(/[^\d.]/g, '').replace(/^[0.]+/, '').replace(/\./g, '').replace(/0+$/, '').length;
}

/**
 * The numbers of an answer worth looking for: with a unit, or of two significant digits and more
 * (a bare "4" or "1" says too little to find it elsewhere), and not given by the question itself.
 */
export function answerNumbers(label: string, question: string): StoryNumber[] {
  const given = numbersIn(question);
  return numbersIn(label).filter((n) => (n.family !== null || significantDigits(n) >= 2) && !given.some((g) => g.family === n.family && g.value === n.value));
}
