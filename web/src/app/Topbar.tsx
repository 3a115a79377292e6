// Page header: brand, share / embed / export / import, language, engine status.
import { useRef } from 'react';
import type { EngineState } from '../engine/bridge';
import { useI18n, type Lang } from '../i18n';
import { Segmented } from '../ui/Segmented';
import { EngineBadge } from './EngineStatus';
import { Icon } from '../ui/Icon';

interface Props {
  engine: EngineState;
  canShare: boolean;
  onShare(): void;
  onEmbed(): void;
  onExport(): void;
  onImport(text: string): void;
}

export function Topbar({ engine, canShare, onShare, onEmbed, onExport, onImport }: Props) {
  const { t, lang, setLang } = useI18n();
  const file = useRef<HTMLInputElement | null>(null);
  return (
    <header className="topbar">
      <a className="brand" href="./" aria-label={t('app.home')}>
        <img src="favicon.svg" alt="" width={32} height={32} />
        <div>
          <h1>{t('app.title')}</h1>
          <p className="muted">{t('app.tagline')}</p>
        </div>
      </a>
      <nav className="top-actions" aria-label={t('app.actions')}>
        <button type="button" className="btn btn-ghost" onClick={onShare} disabled={!canShare} data-testid="share">
          <Icon name="share" />
          {t('action.share')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onEmbed} disabled={!canShare} data-testid="embed">
          <Icon name="embed" />
          {t('action.embed')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onExport} disabled={!canShare} data-testid="export-scenario">
          <Icon name="download" />
          {t('action.export')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => file.current?.click()} disabled={!canShare} data-testid="import-scenario">
          <Icon name="upload" />
          {t('action.import')}
        </button>
        <input
          ref={file}
          type="file"
          accept="application/json,.json"
          className="visually-hidden"
          tabIndex={-1}
          aria-label={t('action.import')}
          data-testid="import-file"
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f && f.size < 1_000_000) void f.text().then(onImport);
          }}
        />
        <Segmented<Lang>
          label={t('app.language')}
          value={lang}
          onChange={setLang}
          options={[
            { value: 'en', label: 'EN' },
            { value: 'ja', label: '日本語' },
          ]}
          testId="lang"
        />
        <EngineBadge state={engine} />
      </nav>
    </header>
  );
}
