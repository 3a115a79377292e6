// The drive's flash drawn as blocks of pages: free, valid (numbered by the logical page it
// holds), stale; the GC victim outlined; the page the current event touches ringed; a GC copy
// flies from its old page to its new one (unless the reader asked for less motion).
import { useEffect, useMemo, useRef } from 'react';
import { interpolateBlues, scaleLinear } from 'd3';
import { useI18n } from '../../i18n';
import { gridLayout, type GridLayout } from './layout';
import { pageState, type LabModel } from './model';
import type { LabNow } from './player';

interface Props {
  model: LabModel;
  now: LabNow | null;
  selected: number | null;
  width: number;
  reduced: boolean;
  /** How long one event stays on screen while playing, for the fly-in. */
  eventMs: number;
}

const RING: Record<string, string> = { program: 'lab-ring-program', invalidate: 'lab-ring-stale', read: 'lab-ring-read', lookup: 'lab-ring-read' };

export function BlockGrid({ model, now, selected, width, reduced, eventMs }: Props) {
  const { t } = useI18n();
  const g = useMemo(() => gridLayout(width, model.blocks, model.pagesPerBlock), [width, model.blocks, model.pagesPerBlock]);
  const shade = useMemo(() => {
    const at = scaleLinear().domain([0, Math.max(1, model.logicalPages - 1)]).range([0.2, 0.55]);
    return (unit: number) => interpolateBlues(at(unit));
  }, [model.logicalPages]);
  const e = now?.event ?? null;
  const ppb = model.pagesPerBlock;
  const eventBlock = e && e.block < model.blocks ? e.block : null;
  const eventSlot = e && eventBlock !== null && e.kind !== 'victim' && e.kind !== 'erase' ? e.block * ppb + e.page : null;
  const selectedSlot = selected !== null && selected < model.logicalPages && model.l2p[selected] !== 0xffffffff ? model.l2p[selected] : null;
  // The block's role, drawn as its outline colour (the legend names them).
  const role = (b: number) => (model.victim === b ? 'victim' : model.gcBlock === b ? 'gc' : model.hostBlock === b ? 'host' : '');

  return (
    <svg className="lab-grid" width={g.width} height={g.height} viewBox={`0 0 ${g.width} ${g.height}`} role="img" aria-label={t('lab.blocksLabel')} data-testid="lab-grid" data-event={e?.kind ?? ''}>
      <defs>
        <pattern id="lab-hatch" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="5" height="5" className="lab-stale-bg" />
          <line x1="0" y1="0" x2="0" y2="5" className="lab-stale-line" />
        </pattern>
      </defs>
      {Array.from({ length: model.blocks }, (_, b) => {
        const x = g.blockX(b);
        const y = g.blockY(b);
        const erased = e?.kind === 'erase' && eventBlock === b;
        const r = role(b);
        return (
          <g key={b} data-block={b} data-role={r || undefined} data-erases={model.eraseCounts[b]} className="lab-block">
            <text x={x + g.colWidth / 2} y={y - 4} className={`lab-block-no ${r}`} textAnchor="middle">
              <title>{t('lab.block', { block: b })}</title>
              {b}
            </text>
            {Array.from({ length: ppb }, (_, p) => {
              const slot = b * ppb + p;
              const value = model.pages[slot];
              const state = pageState(value);
              const name = state === 'valid' ? t('lab.cell.valid', { block: b, page: p, unit: value }) : t(state === 'free' ? 'lab.cell.free' : 'lab.cell.stale', { block: b, page: p });
              return (
                <g key={p} data-slot={slot} data-state={state} data-unit={state === 'valid' ? value : undefined}>
                  <title>{name}</title>
                  <rect x={x + 1} y={y + p * g.cellHeight + 1} width={g.colWidth - 2} height={g.cellHeight - 2} rx={2} className={`lab-page ${state}`} fill={state === 'valid' ? shade(value) : state === 'stale' ? 'url(#lab-hatch)' : undefined} />
                  {g.labels && state === 'valid' && (
                    <text x={x + g.colWidth / 2} y={y + (p + 0.5) * g.cellHeight} className="lab-unit" textAnchor="middle" dominantBaseline="central">
                      {value}
                    </text>
                  )}
                </g>
              );
            })}
            <rect x={x - 1} y={y - 1} width={g.colWidth + 2} height={ppb * g.cellHeight + 2} rx={4} className={`lab-outline ${r}${erased ? ' erased' : ''}`} key={erased ? `erase-${now?.serial}` : 'outline'} />
            <text x={x + g.colWidth / 2} y={y + ppb * g.cellHeight + 12} className="lab-erases" textAnchor="middle">
              <title>{t('lab.blockErases', { block: b, n: model.eraseCounts[b] })}</title>
              {`×${model.eraseCounts[b]}`}
            </text>
          </g>
        );
      })}
      {selectedSlot !== null && <Ring g={g} slot={selectedSlot} className="lab-ring-selected" />}
      {eventSlot !== null && e && <Ring g={g} slot={eventSlot} className={RING[e.kind] ?? 'lab-ring-read'} />}
      {eventSlot !== null && e?.kind === 'lookup' && <Callout g={g} slot={eventSlot} text={`L${e.unit}`} />}
      {e?.kind === 'program' && e.stream === 'gc' && now?.from != null && !reduced && <FlyingPage key={now.serial} g={g} from={now.from} to={eventSlot!} color={shade(e.unit)} ms={Math.min(600, eventMs * 0.7)} />}
    </svg>
  );
}

function Ring({ g, slot, className }: { g: GridLayout; slot: number; className: string }) {
  const { x, y } = g.cell(slot);
  return <rect x={x - 1} y={y - 1} width={g.colWidth + 2} height={g.cellHeight + 2} rx={3} className={`lab-ring ${className}`} pointerEvents="none" />;
}

/** A read's lookup names the logical page on the physical page the L2P table pointed at. */
function Callout({ g, slot, text }: { g: GridLayout; slot: number; text: string }) {
  const { x, y } = g.cell(slot);
  const w = 8 + text.length * 7;
  // Beside the page, on whichever side has room.
  const left = x + g.colWidth + 4 + w > g.width ? x - w - 4 : x + g.colWidth + 4;
  return (
    <g className="lab-callout" pointerEvents="none" data-testid="lab-callout">
      <rect x={left} y={y + g.cellHeight / 2 - 8} width={w} height={16} rx={8} />
      <text x={left + w / 2} y={y + g.cellHeight / 2} textAnchor="middle" dominantBaseline="central">
        {text}
      </text>
    </g>
  );
}

/** A GC copy travelling from its old page to its new one (Web Animations, so React keeps the DOM). */
function FlyingPage({ g, from, to, color, ms }: { g: GridLayout; from: number; to: number; color: string; ms: number }) {
  const ref = useRef<SVGRectElement>(null);
  const a = g.cell(from);
  const b = g.cell(to);
  useEffect(() => {
    const anim = ref.current?.animate([{ transform: `translate(${a.x - b.x}px, ${a.y - b.y}px)`, opacity: 0.9 }, { transform: 'translate(0, 0)', opacity: 0 }], { duration: ms, easing: 'ease-in-out', fill: 'forwards' });
    return () => anim?.cancel();
  }, [a.x, a.y, b.x, b.y, ms]);
  return <rect ref={ref} x={b.x + 1} y={b.y + 1} width={g.colWidth - 2} height={g.cellHeight - 2} rx={2} fill={color} className="lab-flying" pointerEvents="none" />;
}
