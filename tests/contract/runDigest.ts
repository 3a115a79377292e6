// A run's 64-bit digest over its values by id (tests/contract/storyDigest.test.ts pins every
// story step's in story-digests.json; tests/e2e/shipped-runs.e2e.test.ts checks the build's
// shipped runs against the same pins). The summary's leaves (dotted ids) with zeros and `false`
// left out, so the summary's layout may change and its numbers may not, then every series' id,
// axes and points, as bytes. A cause line zero at every point is left out the same way: it draws
// nothing, and a story's run file does not carry it (web/src/explain/story/runFile.ts). A run
// whose job cut the power adds what the cut left, its numbers by id and each write's class (a
// run without one digests as before).

/** FNV-1a over 64 bits, as the Rust test computes it. */
class Fnv {
  private h = 0xcbf29ce484222325n;
  bytes(bytes: Uint8Array): void {
    for (const b of bytes) this.h = ((this.h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  text(text: string): void {
    this.bytes(new TextEncoder().encode(text));
    this.bytes(new Uint8Array([0]));
  }
  number(v: number): void {
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, v, true);
    this.bytes(new Uint8Array(view.buffer));
  }
  hex(): string {
    return this.h.toString(16).padStart(16, '0');
  }
}

function leaves(prefix: string, value: unknown, out: Map<string, number>): void {
  if (typeof value === 'number') {
    if (value !== 0) out.set(prefix, value);
  } else if (value === true) {
    out.set(prefix, 1);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) leaves(prefix ? `${prefix}.${k}` : k, v, out);
  }
}

export interface ReportJson {
  summary: Record<string, unknown>;
  series: { id: string; x: { id: string }; y: { id: string }; points: [number, number][] }[];
  /** What a power cut left (the report's `power_cut`), null or absent when the job cut none. */
  power_cut?: { commands: { class: string }[] } | null;
}

export function digest(report: ReportJson): string {
  const h = new Fnv();
  const values = new Map<string, number>();
  leaves('', report.summary, values);
  for (const id of [...values.keys()].sort()) {
    h.text(id);
    h.number(values.get(id)!);
  }
  for (const s of report.series) {
    if (s.id.startsWith('latency_cause.') && s.points.every(([, y]) => y === 0)) continue;
    h.text(s.id);
    h.text(JSON.stringify(s.x.id));
    h.text(JSON.stringify(s.y.id));
    h.number(s.points.length);
    for (const [x, y] of s.points) {
      h.number(x);
      h.number(y);
    }
  }
  if (report.power_cut) {
    const cut = new Map<string, number>();
    leaves('power_cut', report.power_cut, cut);
    for (const id of [...cut.keys()].sort()) {
      h.text(id);
      h.number(cut.get(id)!);
    }
    for (const c of report.power_cut.commands) h.text(c.class);
  }
  return h.hex();
}

