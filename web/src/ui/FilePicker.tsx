// A button that opens the browser's file picker, over the hidden <input type="file"> it clicks.
// The input is emptied after each pick, so picking the same file again (after editing it) fires
// again. One place for scenario imports, .fio job files and block traces.
import { useRef } from 'react';
import { Icon, type IconName } from './Icon';

interface Props {
  label: string;
  /** The picker's file filter (`accept`). */
  accept?: string;
  className?: string;
  icon?: IconName;
  disabled?: boolean;
  /** Test ids of the button and of the input tests hand files to. */
  buttonTestId?: string;
  inputTestId: string;
  onFile(file: File): void;
}

export function FilePicker({ label, accept, className = 'btn', icon, disabled, buttonTestId, inputTestId, onFile }: Props) {
  const input = useRef<HTMLInputElement | null>(null);
  return (
    <>
      <button type="button" className={className} onClick={() => input.current?.click()} disabled={disabled} data-testid={buttonTestId}>
        {icon && <Icon name={icon} />}
        {label}
      </button>
      <input
        ref={input}
        type="file"
        accept={accept}
        className="visually-hidden"
        tabIndex={-1}
        aria-label={label}
        data-testid={inputTestId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}

/** Reads a picked file as text, if it is smaller than `maxBytes` (larger ones are ignored). */
export function asText(maxBytes: number, then: (text: string, file: File) => void): (file: File) => void {
  return (file) => {
    if (file.size < maxBytes) void file.text().then((text) => then(text, file));
  };
}
