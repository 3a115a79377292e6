// Dense points (a latency trace of thousands of operations) drawn in one canvas pass instead of
// thousands of SVG nodes.
import type { PlotSeries } from './chartTypes';
import type { PlotFrame } from './plotFrame';

export function drawDots(canvas: HTMLCanvasElement, series: readonly PlotSeries[], frame: PlotFrame): void {
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.round(frame.innerWidth * dpr);
  canvas.height = Math.round(frame.innerHeight * dpr);
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
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
