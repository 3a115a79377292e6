// A step's scenario, read the way a share link is read: its preset plus `set` laid over it by the
// URL codec (so a step and its "Open in the playground" link are the same scenario by
// construction). A figure step applies `set` to every member, each laid over its own scenario.
import type { Figure } from '../../engine/types';
import { encodeComparison, type PinSpec } from '../../scenario/pinCodec';
import type { JsonObject } from '../../scenario/paths';
import { decodeScenario, encodeScenario, type CodecContext, type UrlIssue } from '../../scenario/urlCodec';
import type { StoryShow } from '../stories/schema';

/** The link text of a preset and its overrides: `preset=bg4-like&device.x=32m`. */
export function showQuery(preset: string, set: Record<string, string> = {}): URLSearchParams {
  const params = new URLSearchParams();
  params.set('preset', preset);
  for (const [path, value] of Object.entries(set)) params.set(path, value);
  return params;
}

export interface StepScenario {
  preset: string;
  scenario: JsonObject;
  /** Overrides the codec could not use (an unknown path, a bad value): a story bug, shown. */
  issues: UrlIssue[];
}

/** A preset step's scenario. */
export function presetScenario(show: { preset: string; set?: Record<string, string> }, codec: CodecContext): StepScenario {
  const decoded = decodeScenario(showQuery(show.preset, show.set), codec);
  const issues = codec.presets.has(show.preset) ? decoded.issues : [{ code: 'unknown-preset' as const, param: 'preset', value: show.preset }, ...decoded.issues];
  return { preset: decoded.preset, scenario: decoded.scenario, issues };
}

/**
 * A figure with `set` applied to each member: the member's own scenario is the base the link
 * values are laid over (a member may differ from its preset, e.g. article 002's 6 GiB file).
 */
export function figureWithSet(figure: Figure, set: Record<string, string> | undefined, codec: CodecContext): { figure: Figure; issues: UrlIssue[] } {
  if (!set || Object.keys(set).length === 0) return { figure, issues: [] };
  const issues: UrlIssue[] = [];
  const members = figure.members.map((m) => {
    const own: CodecContext = { ...codec, presets: new Map([[m.id, m.scenario]]), defaultPreset: m.id };
    const decoded = decodeScenario(showQuery(m.id, set), own);
    issues.push(...decoded.issues);
    return { ...m, scenario: decoded.scenario as unknown as Figure['members'][number]['scenario'] };
  });
  return { figure: { ...figure, members }, issues };
}

/** The query string of a scenario laid over `preset`, as the playground writes its own. */
export function scenarioQuery(scenario: JsonObject, preset: string, codec: CodecContext, lang: string): URLSearchParams {
  const params = encodeScenario(scenario, preset, codec);
  if (lang !== 'en') params.set('lang', lang);
  return params;
}

/**
 * The playground link of a step. A preset step: its scenario as a share link. A figure: the
 * first member as the scenario and the figure overlaid (`figure=`); with `set`, the members are
 * not the figure's own any more, so each travels as a pinned scenario (`pin=`) instead.
 */
export function playgroundQuery(show: StoryShow, codec: CodecContext, figures: readonly Figure[], lang: string, current?: JsonObject): string | null {
  if ('lab' in show) return null;
  if ('preset' in show) {
    const step = presetScenario(show, codec);
    return tidy(scenarioQuery(current ?? step.scenario, step.preset, codec, lang));
  }
  const named = figures.find((f) => f.name === show.figure);
  if (!named || named.members.length === 0) return null;
  const { figure } = figureWithSet(named, show.set, codec);
  const first = figure.members[0];
  // A member's preset may not be in the catalogue (then it cannot be a link's base).
  if (!codec.presets.has(first.id)) return null;
  const params = scenarioQuery(first.scenario, first.id, codec, lang);
  const plain = !show.set || Object.keys(show.set).length === 0;
  const pins: PinSpec[] = plain ? [] : figure.members.map((m) => ({ preset: m.id, scenario: m.scenario }));
  for (const [k, v] of encodeComparison(plain ? { figure: named.name, members: null } : null, pins, codec)) params.append(k, v);
  return tidy(params);
}

/** Commas and colons are safe in a query and keep lists readable, as in the playground's links. */
function tidy(params: URLSearchParams): string {
  return params.toString().replace(/%2C/gi, ',').replace(/%3A/gi, ':');
}
