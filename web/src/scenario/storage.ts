// The last scenario survives a reload: kept in localStorage as the preset it came from plus
// the normalised scenario. Storage can be full, disabled or hold junk; none of that may break
// the page, so every access is guarded and the stored value is validated like a URL.

const KEY = 'ssd-playground:last-scenario';
const FORMAT = 1;

export interface StoredScenario {
  preset: string;
  scenario: Record<string, unknown>;
}

export function loadStored(storage: Pick<Storage, 'getItem'> | null = safeStorage()): StoredScenario | null {
  try {
    const text = storage?.getItem(KEY);
    if (!text || text.length > 200_000) return null;
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const v = value as { format?: unknown; preset?: unknown; scenario?: unknown };
    if (v.format !== FORMAT || typeof v.preset !== 'string' || typeof v.scenario !== 'object' || v.scenario === null || Array.isArray(v.scenario)) return null;
    return { preset: v.preset, scenario: v.scenario as Record<string, unknown> };
  } catch {
    return null;
  }
}

export function saveStored(value: StoredScenario, storage: Pick<Storage, 'setItem'> | null = safeStorage()): void {
  try {
    storage?.setItem(KEY, JSON.stringify({ format: FORMAT, ...value }));
  } catch {
    // quota exceeded or storage disabled: the scenario still lives in the URL
  }
}

function safeStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
