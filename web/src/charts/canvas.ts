// A canvas sized for the screen's pixel density: drawn in CSS pixels, sharp on a HiDPI screen.

/** `canvas` resized to `width` × `height` CSS pixels at the device's pixel ratio, its 2D context scaled to match; null without 2D. */
export function hiDpiContext(canvas: HTMLCanvasElement, width: number, height: number): CanvasRenderingContext2D | null {
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.round(width * dpr);
  canvas.height = Math.round(height * dpr);
  const ctx = canvas.getContext('2d');
  ctx?.setTransform(dpr, 0, 0, dpr, 0, 0);
  return ctx;
}
