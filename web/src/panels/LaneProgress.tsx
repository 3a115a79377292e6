// A lane's runs under way (the nearest drives, the knob fit): what runs now, how far through
// them, and Cancel.

export interface LaneProgressProps {
  /** The feature's test id: `-progress` and `-cancel` are added. */
  testId: string;
  label: string;
  /** 0..1 through all the runs. */
  fraction: number;
  /** What the progress bar measures, for screen readers. */
  title: string;
  cancelLabel: string;
  onCancel(): void;
}

export function LaneProgress({ testId, label, fraction, title, cancelLabel, onCancel }: LaneProgressProps) {
  return (
    <div className="fio-nearest-progress" data-testid={`${testId}-progress`}>
      <span>{label}</span>
      <progress max={1} value={fraction} aria-label={title} />
      <button type="button" className="btn btn-ghost btn-small" onClick={onCancel} data-testid={`${testId}-cancel`}>
        {cancelLabel}
      </button>
    </div>
  );
}
