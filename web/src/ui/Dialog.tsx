// A modal dialog on the native <dialog> element: the browser traps focus, Escape closes it,
// and focus returns to the opener.
import { useEffect, useRef, type ReactNode } from 'react';
import { useI18n } from '../i18n';

interface Props {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  testId?: string;
  wide?: boolean;
}

export function Dialog({ open, title, onClose, children, testId, wide }: Props) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement | null>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`dialog${wide ? ' dialog-wide' : ''}`}
      aria-label={title}
      onClose={onClose}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its box) closes it.
        if (e.target === e.currentTarget) onClose();
      }}
      data-testid={testId}
    >
      {open && (
        <div className="dialog-body">
          <div className="dialog-head">
            <h2>{title}</h2>
            <button type="button" className="icon-button" onClick={onClose} aria-label={t('dialog.close')}>
              ×
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}

/** Copies text, falling back to selecting it when the clipboard API is unavailable. */
export async function copyText(text: string, fallback: HTMLInputElement | HTMLTextAreaElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    fallback?.select();
    return false;
  }
}
