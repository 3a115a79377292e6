// The NAND view in a story shows nothing the story has not taught yet (issue 44, item 5): on a
// NAND 101 step before the one that explains garbage collection, the view's counters and legend
// leave GC out (its moves, erases, the write amplification they make, its outlines) until the
// drive itself runs GC; from the GC step on, and in the playground, they are always there.
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../web/src/i18n';
import { LabCounters } from '../../web/src/explain/lab/LabCounters';
import { LabLegend } from '../../web/src/explain/lab/LabLegend';
import { createModel, type LabModel } from '../../web/src/explain/lab/model';
import { STORIES } from '../../web/src/explain/stories';
import { gcTaught } from '../../web/src/explain/story/LabSlot';
import { showsGc } from '../../web/src/explain/lab/NandLabView';

const nand101 = STORIES.find((s) => s.id === 'nand-101')!;
const en = (node: ReactElement) => renderToStaticMarkup(<I18nProvider initial="en">{node}</I18nProvider>);
const model = (over: Partial<LabModel> = {}): LabModel => ({ ...createModel({ blocks: 12, pages_per_block: 8, logical_pages: 28 } as never), hostWrites: 56, nandWrites: 56, ...over });
const counters = (html: string) => [...html.matchAll(/data-counter="([a-z_]+)"/g)].map((m) => m[1]);

describe('GC in the NAND view only once the story has taught it', () => {
  it("NAND 101's steps before the GC step have not taught GC; the GC step and after have", () => {
    expect(nand101.steps.map((s) => gcTaught(nand101, s.id))).toEqual([false, false, false, true, true, true, true]);
    // A story that never explains GC (none but NAND 101 has the view) hides nothing.
    expect(gcTaught(STORIES.find((s) => s.id === 'article-000'), 'finding')).toBe(true);
  });

  it('before: no GC counters, no WAF, no GC outlines in the legend', () => {
    expect(counters(en(<LabCounters model={model()} gc={false} />))).toEqual(['host_writes', 'nand_writes', 'host_reads']);
    const legend = en(<LabLegend gc={false} />);
    expect(legend).not.toContain('Being collected by GC');
    expect(legend).not.toContain('GC’s open block');
    expect(legend).toContain('Stale (old copy)');
  });

  it('the view shows GC once taught, or once the reader has played the drive into GC', () => {
    expect(showsGc(false, model())).toBe(false);
    expect(showsGc(false, model({ gcMoves: 3, nandWrites: 59 }))).toBe(true);
    expect(showsGc(false, model({ erases: 1 }))).toBe(true);
    expect(showsGc(true, model())).toBe(true);
  });

  it('taught (or in the playground): every counter and outline', () => {
    expect(counters(en(<LabCounters model={model()} />))).toEqual(['host_writes', 'nand_writes', 'waf', 'gc_moves', 'erases', 'host_reads']);
    expect(en(<LabLegend />)).toContain('Being collected by GC');
  });
});
