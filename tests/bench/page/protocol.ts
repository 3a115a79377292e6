// Messages between the bench page and its workers, and the API the page gives Playwright.
// A worker answers one request at a time, so replies need no ids.
import type { Measurement } from '../measure';

/** Measure a bench case `repeat` times (engine/core/src/bench.rs's method), booking latency causes or not. */
export type WorkerRequest = { kind: 'measure'; scenario: string; repeat: number; causes: boolean };

export type WorkerReply =
  | { kind: 'ready' }
  | { kind: 'measured'; measurements: Measurement[]; memoryBytesBefore: number; memoryBytesAfter: number }
  | { kind: 'failed'; message: string };

export interface CaseInBrowser {
  measurements: Measurement[];
  /** The wasm instance's memory once loaded, before the first simulation. */
  memoryBytesBefore: number;
  /** Its memory after every repetition: wasm memory never shrinks, so this is the peak. */
  memoryBytesAfter: number;
}

export interface FigureInBrowser {
  workers: number;
  /** From handing out the first member until the last one finished, the workers' start included. */
  wallS: number;
  /** Each scenario's round trip, in the order given. */
  scenarioS: number[];
}

export interface BenchPage {
  /** In a fresh worker, so its memory is this case's alone. */
  measureCase(scenario: string, repeat: number, causes: boolean): Promise<CaseInBrowser>;
  /** Every scenario on `workers` fresh workers, each taking the next when it is free. */
  runFigure(scenarios: string[], workers: number): Promise<FigureInBrowser>;
}

/** The page's global that holds its BenchPage. */
export const BENCH_PAGE_GLOBAL = 'ssdBench';
