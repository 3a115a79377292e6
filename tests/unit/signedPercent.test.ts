// The back-of-the-envelope box's "engine vs model" gap: signed by what is shown, so a gap that
// rounds to nothing is "0 %" (article 001's cache model once read "−0 %").
import { describe, expect, it } from 'vitest';
import { signedPercent } from '../../web/src/explain/story/StepModel';

describe('signedPercent', () => {
  it('signs by the rounded value', () => {
    expect(signedPercent(-0.0001, 'en')).toBe('0 %');
    expect(signedPercent(0.0001, 'en')).toBe('0 %');
    expect(signedPercent(0.08, 'en')).toBe('+0.08 %');
    expect(signedPercent(-3.14, 'en')).toBe('−3.1 %');
    expect(signedPercent(12.96, 'ja')).toBe('+13 %');
  });
});
