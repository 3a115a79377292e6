// An inline glossary term (dotted underline) and the generic help tip behind it: a short
// explanation in a popover on hover, keyboard focus and tap. Escape or a tap elsewhere closes
// it. The popover is a non-interactive tooltip (role="tooltip", referenced by
// aria-describedby) so screen readers read it with the word; the full list of terms lives in
// the Glossary dialog.
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useI18n } from '../i18n';
import { GLOSSARY, type GlossaryId } from './terms';

const MARGIN_PX = 8;
const MAX_WIDTH_PX = 320;
/** Time to move the pointer from the term onto the popover without it closing. */
const HOVER_CLOSE_MS = 120;

interface Place {
  left: number;
  top: number;
  width: number;
}

/** Below the term when it fits, otherwise above; always inside the viewport. */
export function placePopover(anchor: DOMRect, popHeight: number, viewport: { width: number; height: number }): Place {
  const width = Math.min(MAX_WIDTH_PX, viewport.width - 2 * MARGIN_PX);
  const left = Math.max(MARGIN_PX, Math.min(anchor.left, viewport.width - MARGIN_PX - width));
  const below = anchor.bottom + 6;
  const top = below + popHeight + MARGIN_PX <= viewport.height || anchor.top - popHeight - 6 < MARGIN_PX ? below : anchor.top - popHeight - 6;
  return { left, top, width };
}

export function Term({ id, children }: { id: GlossaryId; children?: ReactNode }) {
  const { lang } = useI18n();
  const entry = GLOSSARY[id][lang];
  return (
    <HelpTip title={entry.term} body={entry.definition} testId={`term-${id}`} dataTerm={id}>
      {children ?? entry.term}
    </HelpTip>
  );
}

interface HelpTipProps {
  /** The word or label that opens the tip. */
  children: ReactNode;
  title: string;
  body: string;
  testId?: string;
  dataTerm?: string;
  className?: string;
}

export function HelpTip({ children, title, body, testId, dataTerm, className }: HelpTipProps) {
  const popId = useId();
  const trigger = useRef<HTMLButtonElement | null>(null);
  const pop = useRef<HTMLSpanElement | null>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  // `pinned` is a tap/click: it stays open until tapped again, Escape or a tap elsewhere.
  const [open, setOpen] = useState<Open>(null);
  const [place, setPlace] = useState<Place | null>(null);

  const cancelClose = () => window.clearTimeout(closeTimer.current);
  const close = useCallback(() => {
    window.clearTimeout(closeTimer.current);
    setOpen(null);
  }, []);
  const closeSoon = () => {
    cancelClose();
    closeTimer.current = window.setTimeout(() => setOpen((o) => (o === 'hover' ? null : o)), HOVER_CLOSE_MS);
  };

  usePopoverPlace(open, trigger, pop, setPlace, `${title}\n${body}`);
  useDismiss(open, close, trigger, pop);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  return (
    <span className={`term${className ? ` ${className}` : ''}`} data-term={dataTerm}>
      <button
        ref={trigger}
        type="button"
        className="term-trigger"
        aria-describedby={open ? popId : undefined}
        aria-expanded={open !== null}
        data-testid={testId}
        onPointerEnter={(e) => {
          if (e.pointerType !== 'mouse') return;
          cancelClose();
          setOpen((o) => o ?? 'hover');
        }}
        onPointerLeave={(e) => e.pointerType === 'mouse' && closeSoon()}
        onFocus={() => setOpen((o) => o ?? 'hover')}
        onBlur={() => setOpen((o) => (o === 'hover' ? null : o))}
        onClick={() => setOpen((o) => (o === 'pinned' ? null : 'pinned'))}
      >
        {children}
      </button>
      {open && (
        <span
          ref={pop}
          id={popId}
          role="tooltip"
          className="term-popover"
          data-testid="term-popover"
          style={place ? { left: place.left, top: place.top, width: place.width } : { visibility: 'hidden' }}
          onPointerEnter={cancelClose}
          onPointerLeave={(e) => e.pointerType === 'mouse' && closeSoon()}
        >
          <strong className="term-popover-title">{title}</strong>
          <span className="term-popover-body">{body}</span>
        </span>
      )}
    </span>
  );
}

type Ref<T> = RefObject<T | null>;
/** How the popover is open: `pinned` is a tap/click, which stays open until dismissed. */
type Open = 'hover' | 'pinned' | null;

/** Keeps the popover beside its term while the page scrolls or resizes; `content` re-measures it. */
function usePopoverPlace(open: Open, trigger: Ref<HTMLElement>, pop: Ref<HTMLElement>, setPlace: (place: Place) => void, content: string) {
  useLayoutEffect(() => {
    if (!open || !trigger.current) return;
    const update = () => {
      if (!trigger.current) return;
      const height = pop.current?.offsetHeight ?? 0;
      setPlace(placePopover(trigger.current.getBoundingClientRect(), height, { width: window.innerWidth, height: window.innerHeight }));
    };
    update();
    window.addEventListener('scroll', update, true);
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update, true);
      window.removeEventListener('resize', update);
    };
  }, [open, trigger, pop, setPlace, content]);
}

/** Escape or a pointer down outside the term and its popover closes an open popover. */
function useDismiss(open: Open, close: () => void, trigger: Ref<HTMLElement>, pop: Ref<HTMLElement>) {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    const onDown = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!trigger.current?.contains(target) && !pop.current?.contains(target)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [open, close, trigger, pop]);
}
