// Dense points (a latency trace of thousands of operations) drawn in one canvas pass instead of
// thousands of SVG nodes.
import { hiDpiContext } from './canvas';
import type { PlotSeries } from './chartTypes';
import type { PlotFrame } from './plotFrame';

export function drawDots(canvas: HTMLCanvasElement, series: readonly PlotSeries[], frame: PlotFrame): void {
  const ctx = hiDpiContext(canvas, frame.innerWidth, frame.innerHeight);
  if (!ctx) return;
  ctx.clearRect(0, 0, frame.innerWidth, frame.innerHeight);
  for (const s of series) {
    ctx.fillStyle = s.color;
    ctx.globalAlpha = 0.85;
    const r = (s.points.length >> 1) > 1500 ? 1.6 : 2.2;
    for (let i = 0; i < s.points.length; i += 2) {
      const vy = s.points[i + 1];
      if (!Number.isFinite(vy) || (frame.yLog && vy <= 0)) continue;
      ctx.beginPath();
      ctx.arc(frame.x(s.points[i]), frame.y(vy), r, 0, Math.PI * 2);
      ctx.fill();
    }
  }
  ctx.globalAlpha = 1;
}
