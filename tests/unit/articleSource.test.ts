import { describe, expect, it } from 'vitest';
import { sourceOf } from '../../web/src/run/articleMarks';
import type { Figure } from '../../web/src/engine/types';

const figure = (article: string) => ({ name: 'f', title: '', description: '', article, members: [], article_values: [] }) as Figure;

describe('who measured a figure', () => {
  it('names a public source that is not one of the five articles, and leaves the articles to say "article"', () => {
    expect(sourceOf(figure('CacheLib'))).toBe('CacheLib');
    expect(['000', '003'].map((a) => sourceOf(figure(a)))).toEqual([null, null]);
  });
});
