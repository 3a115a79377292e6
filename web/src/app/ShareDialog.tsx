// The share link: the page's own URL (it always holds the scenario and the comparison on the
// chart), in a box as wide as the dialog that wraps long links, ready to copy.
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../i18n';
import { copyText, Dialog } from '../ui/Dialog';

interface Props {
  open: boolean;
  url: string;
  seed: number | null;
  /** Results on the comparison (pins, figure members) the link carries. */
  compared?: number;
  onClose(): void;
}

const FEEDBACK_MS = 2_000;

export function ShareDialog({ open, url, seed, compared = 0, onClose }: Props) {
  const { t } = useI18n();
  const box = useRef<HTMLTextAreaElement | null>(null);
  const [copied, setCopied] = useState<'yes' | 'blocked' | null>(null);
  // The button says "Copied" for a moment, then offers to copy again (the link may change).
  useEffect(() => {
    if (copied !== 'yes') return;
    const timer = setTimeout(() => setCopied(null), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Dialog open={open} title={t('share.title')} onClose={onClose} testId="share-dialog">
      <p className="muted">{t('share.help')}</p>
      <div className="share-box">
        <textarea
          ref={box}
          className="mono share-url"
          readOnly
          rows={3}
          value={url}
          aria-label={t('share.link')}
          data-testid="share-url"
          spellCheck={false}
          onFocus={(e) => e.currentTarget.select()}
        />
        <div className="share-actions">
          {/* The button says "Copied" to the eye; this line says it to screen readers, and shows a blocked copy to all. */}
          <span className={`muted small${copied === 'yes' ? ' visually-hidden' : ''}`} role="status" aria-live="polite" data-testid="share-feedback">
            {copied === 'yes' ? t('share.copied') : copied === 'blocked' ? t('compareLink.copyFailed') : ''}
          </span>
          <button type="button" className="btn btn-primary" data-testid="share-copy" onClick={() => void copyText(url, box.current).then((ok) => setCopied(ok ? 'yes' : 'blocked'))}>
            {copied === 'yes' ? `✓ ${t('share.copied')}` : t('share.copy')}
          </button>
        </div>
      </div>
      {compared > 0 && <p className="note">{t('compareLink.shareIncludes', { n: compared })}</p>}
      {seed !== null && <p className="note">{t('share.seed', { seed })}</p>}
    </Dialog>
  );
}
