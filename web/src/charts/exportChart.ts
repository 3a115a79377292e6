// Exports of what a chart draws: CSV of its points (numbers to 12 significant digits, so the
// file holds the chart's data without binary float noise), a standalone SVG with title and legend (canvas-drawn
// point clouds become SVG circles), and a PNG rendered from that SVG.
import type { PlotSeries, AxisSpec } from './chartTypes';
import type { PlotFrame } from './plotFrame';
import type { Margins } from './scales';
import type { Lang } from '../i18n';
import { unitText } from '../i18n/units';
import { axisTitle } from './scales';
import { csvNumber } from '../run/format';

export interface ChartExporter {
  csv(): string;
  svg(): string;
  /** A PNG other than the SVG rasterised (the block map draws its own). */
  png?(): Promise<Blob>;
  /** The drawn series as plain data (the test hook reads it). */
  data(): { key: string; label: string; points: [number, number][] }[];
}

export function plainSeries(series: readonly { key: string; label: string; points: Float64Array }[]) {
  return series.map((s) => {
    const points: [number, number][] = [];
    for (let i = 0; i < s.points.length; i += 2) points.push([s.points[i], s.points[i + 1]]);
    return { key: s.key, label: s.label, points };
  });
}

/** One CSV field; text that a spreadsheet would run as a formula is defused. */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return csvNumber(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvRows(rows: (string | number)[][]): string {
  return `${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** Long format: one row per point, the series label first; categories by name. */
export function seriesCsv(series: readonly PlotSeries[], x: AxisSpec, y: AxisSpec, lang: Lang): string {
  const categories = x.categories ?? [];
  const rows: (string | number)[][] = [['series', axisTitle(x.name, unitText(lang, x.unit)), axisTitle(y.name, unitText(lang, y.unit))]];
  for (const s of series) {
    for (let i = 0; i < s.points.length; i += 2) {
      const vx = s.points[i];
      rows.push([s.label, categories.length ? (categories[vx] ?? vx) : vx, s.points[i + 1]]);
    }
  }
  return csvRows(rows);
}

/** Parses CSV written by csvRows (quoted fields, CRLF), for tests and import checks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

interface LegendItem {
  label: string;
  color: string;
}

/** Title and legend above the chart, as SVG text (approximate text widths are enough here). */
export function exportHeader(title: string, legend: readonly LegendItem[], width: number): { svg: string; height: number } {
  const parts = [`<text x="16" y="26" font-size="15" font-weight="700" fill="#172033">${escapeXml(title)}</text>`];
  let x = 16;
  let y = 50;
  for (const item of legend) {
    const w = 22 + Math.ceil(item.label.length * 6.8) + 18;
    if (x + w > width - 8 && x > 16) {
      x = 16;
      y += 20;
    }
    parts.push(`<rect x="${x}" y="${y - 9}" width="12" height="12" rx="3" fill="${escapeXml(item.color)}"/>`);
    parts.push(`<text x="${x + 18}" y="${y + 1}" font-size="12" fill="#55627a">${escapeXml(item.label)}</text>`);
    x += w;
  }
  return { svg: parts.join(''), height: legend.length ? y + 16 : 40 };
}

interface SvgInput {
  svg: SVGSVGElement | null;
  width: number;
  height: number;
  title: string;
  series: readonly PlotSeries[];
  frame: PlotFrame;
  margins: Margins;
  /** The points live on a canvas: write them into the SVG as circles. */
  dots: boolean;
  /** Drawn above the canvas (reference-line labels): goes on top of the circles. */
  overlay?: SVGSVGElement | null;
}

const MAX_EXPORT_DOTS = 20_000;

export function exportSvg({ svg, overlay, width, height, title, series, frame, margins, dots }: SvgInput): string {
  if (!svg) return '';
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.querySelectorAll('.chart-hover').forEach((n) => n.remove());
  let cloud = '';
  if (dots) {
    const total = series.reduce((n, s) => n + (s.points.length >> 1), 0);
    const stride = Math.max(1, Math.ceil(total / MAX_EXPORT_DOTS));
    const circles: string[] = [];
    for (const s of series) {
      for (let i = 0; i < s.points.length; i += 2 * stride) {
        const vy = s.points[i + 1];
        if (!Number.isFinite(vy) || (frame.yLog && vy <= 0)) continue;
        circles.push(`<circle cx="${frame.x(s.points[i]).toFixed(1)}" cy="${frame.y(vy).toFixed(1)}" r="1.8" fill="${escapeXml(s.color)}"/>`);
      }
    }
    cloud = `<g transform="translate(${margins.left},${margins.top})" fill-opacity="0.85">${circles.join('')}</g>`;
  }
  const head = exportHeader(
    title,
    series.map((s) => ({ label: s.label, color: s.color })),
    width,
  );
  const font = clone.getAttribute('font-family') ?? 'sans-serif';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height + head.height}" viewBox="0 0 ${width} ${height + head.height}" font-family="${escapeXml(font)}">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    head.svg,
    `<g transform="translate(0,${head.height})">${clone.innerHTML}${cloud}${overlay?.innerHTML ?? ''}</g>`,
    '</svg>',
  ].join('');
}

/** Rasterises an SVG document at `scale`× for a crisp PNG. */
export function svgToPng(svgText: string, scale = 2): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const m = /width="(\d+(?:\.\d+)?)" height="(\d+(?:\.\d+)?)"/.exec(svgText);
    const width = m ? Number(m[1]) : 800;
    const height = m ? Number(m[2]) : 400;
    const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
    const img = new Image();
    img.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(width * scale);
      canvas.height = Math.round(height * scale);
      const ctx = canvas.getContext('2d');
      if (!ctx) {
        URL.revokeObjectURL(url);
        reject(new Error('no 2D canvas'));
        return;
      }
      ctx.scale(scale, scale);
      ctx.drawImage(img, 0, 0, width, height);
      URL.revokeObjectURL(url);
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed'))), 'image/png');
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('the chart could not be drawn as an image'));
    };
    img.src = url;
  });
}

export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadText(text: string, filename: string, type: string): void {
  downloadBlob(new Blob([text], { type }), filename);
}
