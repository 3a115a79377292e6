// Page header: brand, share / embed / export / import, language, engine status.
import { useRef } from 'react';
import type { EngineState } from '../engine/bridge';
import { useI18n } from '../i18n';
import { Brand, LanguageSwitch } from './TopbarParts';
import { EngineBadge } from './EngineStatus';
import { Icon } from '../ui/Icon';
import { GlossaryButton } from '../explain/glossary/Glossary';

interface Props {
  engine: EngineState;
  canShare: boolean;
  onShare(): void;
  onEmbed(): void;
  onExport(): void;
  onImport(text: string): void;
}

export function Topbar({ engine, canShare, onShare, onEmbed, onExport, onImport }: Props) {
  const { t } = useI18n();
  const file = useRef<HTMLInputElement | null>(null);
  return (
    <header className="topbar">
      <Brand href="./" label={t('app.home')} tagline={t('app.tagline')} />
      <nav className="top-actions" aria-label={t('app.actions')}>
        <a className="btn btn-ghost" href="./?story=" data-testid="nav-stories">
          {t('story.list')}
        </a>
        <GlossaryButton />
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
        <LanguageSwitch />
        <EngineBadge state={engine} />
      </nav>
    </header>
  );
}
