// On a phone the knobs sit below the headline chart: a small floating "Settings" button takes
// the reader to them from anywhere, and back to the charts once there. Hidden on wider
// screens (CSS), where the knobs stay beside the charts. It steps aside while the reader scrolls
// down (reading what it would cover) and comes back when they scroll up or reach the page's end,
// and the page keeps room under its last line so nothing ends beneath it.
import { useEffect, useState } from 'react';

/** Pixels of scrolling one way before the button goes or comes back. */
const SCROLL_SLACK_PX = 12;

/** True while the reader scrolls down, away from the page's top and end. */
export function useScrollingDown(): boolean {
  const [down, setDown] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      const root = document.scrollingElement ?? document.documentElement;
      const atEnd = y + window.innerHeight >= root.scrollHeight - 4;
      if (y < SCROLL_SLACK_PX || atEnd) setDown(false);
      else if (y - last > SCROLL_SLACK_PX) setDown(true);
      else if (last - y > SCROLL_SLACK_PX) setDown(false);
      else return;
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return down;
}
import { useI18n } from '../i18n';

const KNOBS = '[data-testid="workload-panel"]';
const CHARTS = '[data-testid="chart-headline"], [data-testid="chart-empty"]';

/** `ready`: the knob panels are on the page (the engine's catalogue has loaded). */
export function PhoneKnobsJump({ ready }: { ready: boolean }) {
  const { t } = useI18n();
  const [knobsInView, setKnobsInView] = useState(false);
  const away = useScrollingDown();
  useEffect(() => {
    const target = document.querySelector(KNOBS);
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(([e]) => setKnobsInView(e.isIntersecting), { threshold: 0 });
    io.observe(target);
    return () => io.disconnect();
  }, [ready]);
  const reduced = typeof matchMedia !== 'undefined' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  const go = (selector: string) => document.querySelector(selector)?.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  return (
    <button type="button" className={`phone-jump${away ? ' phone-jump-away' : ''}`} data-away={away} onClick={() => go(knobsInView ? CHARTS : KNOBS)} data-testid="phone-jump">
      {knobsInView ? `↑ ${t('teach.toCharts')}` : `⚙ ${t('teach.toKnobs')}`}
    </button>
  );
}
