// Left-hand panel: preset picker, workload knobs, and the scenario JSON they edit.
import type { Origin, Validation } from '../app/useScenario';
import type { Preset } from '../engine/types';
import type { Scenario } from '../scenario/generated/Scenario';
import { KNOBS, errorField, jobOf, withJob } from '../scenario/knobs';
import { KnobField } from './KnobField';

interface Props {
  text: string;
  scenario: Scenario | null;
  presets: Preset[];
  origin: Origin;
  validation: Validation;
  disabled: boolean;
  onText(text: string): void;
  onScenario(next: Scenario): void;
  onPreset(name: string): void;
}

export function ScenarioPanel({ text, scenario, presets, origin, validation, disabled, onText, onScenario, onPreset }: Props) {
  const message = validation.status === 'invalid' ? validation.message : null;
  const field = message ? errorField(message) : null;
  const knobOwnsError = field !== null && KNOBS.some((k) => k.field === field);
  const job = scenario ? jobOf(scenario) : null;
  const source = presets.find((p) => p.name === origin.preset);
  const selected = origin.edited ? undefined : source;
  const presetLabel = (p: Preset) => p.scenario.name || p.name;

  return (
    <section className="card scenario" aria-labelledby="scenario-title">
      <div className="card-head">
        <h2 id="scenario-title">Scenario</h2>
        {typeof scenario?.seed === 'number' && (
          <span className="tag" title="Random seed: the same scenario and seed give the same numbers">
            seed {scenario.seed}
          </span>
        )}
      </div>

      {presets.length > 0 && (
        <div className="knob">
          <label htmlFor="preset">
            <span className="knob-label">Preset</span>
            <span className="knob-hint">Drive + workload</span>
          </label>
          <select
            id="preset"
            disabled={disabled}
            value={selected?.name ?? ''}
            title={selected?.description}
            onChange={(e) => onPreset(e.target.value)}
          >
            {!selected && <option value="">{source ? `Custom — edited from ${presetLabel(source)}` : 'Custom scenario'}</option>}
            {presets.map((p) => (
              <option key={p.name} value={p.name} title={p.description}>
                {presetLabel(p)}
              </option>
            ))}
          </select>
          {selected?.description && <p className="preset-description">{selected.description}</p>}
        </div>
      )}

      {job && scenario && (
        <div className="knobs">
          {KNOBS.map((knob) => (
            <KnobField
              key={knob.id}
              knob={knob}
              value={knob.read(job)}
              disabled={disabled}
              error={field === knob.field ? message : null}
              onChange={(value) =>
                onScenario(
                  withJob(
                    scenario,
                    knob.kind === 'number' ? knob.write(job, Number(value)) : knob.write(job, String(value)),
                  ),
                )
              }
            />
          ))}
        </div>
      )}

      {scenario && !job && (
        <p className="note">
          This scenario runs a <code>{String((scenario.workload as { kind?: unknown } | undefined)?.kind ?? 'custom')}</code> workload,
          which has no knobs yet: edit it in the scenario JSON below.
        </p>
      )}

      {message && !knobOwnsError && (
        <p className="field-error banner-error" role="alert" data-testid="scenario-error">
          {message}
        </p>
      )}

      <details className="json-editor">
        <summary>Scenario JSON</summary>
        <textarea
          aria-label="Scenario JSON"
          spellCheck={false}
          value={text}
          disabled={disabled}
          onChange={(e) => onText(e.target.value)}
          rows={16}
        />
      </details>
    </section>
  );
}
