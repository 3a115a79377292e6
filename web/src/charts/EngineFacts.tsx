// What the charts below need from the engine's catalogue and would otherwise copy: each drive's
// colour slot (the presets' `identity`) and the workload kinds' text (the knob layout). The page
// keeps no table of drives or kinds; until the catalogue arrives no line has a drive colour.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Preset } from '../engine/types';
import type { KnobLayout, WorkloadKindText } from '../scenario/knobs';
import { driveSlots, type DriveSlots } from './lineIdentity';

interface Facts {
  slots: DriveSlots;
  kinds: readonly WorkloadKindText[];
}

const NONE: Facts = { slots: new Map(), kinds: [] };
const FactsContext = createContext<Facts>(NONE);

export function EngineFacts({ catalog, children }: { catalog: { presets: readonly Preset[]; layout: KnobLayout } | null | undefined; children: ReactNode }) {
  const presets = catalog?.presets;
  const kinds = catalog?.layout.workload_kinds;
  const facts = useMemo(() => (presets && kinds ? { slots: driveSlots(presets), kinds } : NONE), [presets, kinds]);
  return <FactsContext.Provider value={facts}>{children}</FactsContext.Provider>;
}

export function useDriveSlots(): DriveSlots {
  return useContext(FactsContext).slots;
}

/** The engine's workload kinds with their English text (translate with `workloadKindText`). */
export function useWorkloadKinds(): readonly WorkloadKindText[] {
  return useContext(FactsContext).kinds;
}
