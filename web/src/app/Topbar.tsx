// Page header: brand, share / embed / export / import, language, engine status.
import type { EngineState } from '../engine/bridge';
import { useI18n } from '../i18n';
import { Brand, LanguageSwitch, ViewLink } from '../ui/TopbarParts';
import { EngineBadge } from '../ui/EngineStatus';
import { FilePicker, asText } from '../ui/FilePicker';
import { Icon } from '../ui/Icon';
import { GlossaryButton } from '../glossary/Glossary';

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
  return (
    <header className="topbar">
      <Brand href="./" label={t('app.home')} tagline={t('app.tagline')} />
      <nav className="top-actions" aria-label={t('app.actions')}>
        <ViewLink view="stories" />
        <ViewLink view="drives" />
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
        <FilePicker
          label={t('action.import')}
          accept="application/json,.json"
          className="btn btn-ghost"
          icon="upload"
          disabled={!canShare}
          buttonTestId="import-scenario"
          inputTestId="import-file"
          onFile={asText(1_000_000, onImport)}
        />
        <LanguageSwitch />
        <EngineBadge state={engine} />
      </nav>
    </header>
  );
}
