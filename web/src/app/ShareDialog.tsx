// The share link: the page's own URL (it always holds the scenario), ready to copy.
import { useRef, useState } from 'react';
import { useI18n } from '../i18n';
import { copyText, Dialog } from '../ui/Dialog';

interface Props {
  open: boolean;
  url: string;
  seed: number | null;
  onClose(): void;
}

export function ShareDialog({ open, url, seed, onClose }: Props) {
  const { t } = useI18n();
  const input = useRef<HTMLInputElement | null>(null);
  const [copied, setCopied] = useState(false);
  return (
    <Dialog open={open} title={t('share.title')} onClose={onClose} testId="share-dialog">
      <p className="muted">{t('share.help')}</p>
      <div className="copy-row">
        <input ref={input} className="mono" readOnly value={url} aria-label={t('share.link')} data-testid="share-url" onFocus={(e) => e.currentTarget.select()} />
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void copyText(url, input.current).then(setCopied)}
        >
          {copied ? t('share.copied') : t('share.copy')}
        </button>
      </div>
      {seed !== null && <p className="note">{t('share.seed', { seed })}</p>}
    </Dialog>
  );
}
