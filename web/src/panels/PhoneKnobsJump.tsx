// On a phone the knobs sit below the headline chart: a small floating "Settings" button takes
// the reader to them from anywhere, and back to the charts once there. Hidden on wider
// screens (CSS), where the knobs stay beside the charts.
import { useEffect, useState } from 'react';
import { useI18n } from '../i18n';

const KNOBS = '[data-testid="workload-panel"]';
const CHARTS = '[data-testid="chart-headline"], [data-testid="chart-empty"]';

/** `ready`: the knob panels are on the page (the engine's catalogue has loaded). */
export function PhoneKnobsJump({ ready }: { ready: boolean }) {
  const { t } = useI18n();
  const [knobsInView, setKnobsInView] = useState(false);
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
    <button type="button" className="phone-jump" onClick={() => go(knobsInView ? CHARTS : KNOBS)} data-testid="phone-jump">
      {knobsInView ? `↑ ${t('teach.toCharts')}` : `⚙ ${t('teach.toKnobs')}`}
    </button>
  );
}
