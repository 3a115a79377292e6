// The "Real drives" view (`?drives`): one card per drive of the engine's gallery, each linkable
// (`?drives#<preset>`) and embeddable (`?drives=<preset>&embed=1` shows that card alone). The
// drives, their public values and the engine's numbers all come from the engine in the worker.
import { useEffect, useState } from 'react';
import { useEngine } from '../engine/bridge';
import { useI18n } from '../i18n';
import { appBase } from '../scenario/appBase';
import { useCatalog } from '../session/catalog';
import { Brand, LanguageSwitch, ViewLink } from '../ui/TopbarParts';
import { EngineBadge } from '../ui/EngineStatus';
import { usePostHeight } from '../ui/usePostHeight';
import { GalleryCard } from './GalleryCard';
import { useGallery } from './useGallery';
import './gallery.css';

export function GalleryApp({ embed }: { embed: boolean }) {
  const { t } = useI18n();
  const [only] = useState(() => new URLSearchParams(location.search).get('drives') || null);
  const { engine, state } = useEngine();
  const { catalog } = useCatalog(engine, state);
  const gallery = useGallery(engine, embed ? only : null);
  usePostHeight(embed);
  const shown = gallery.entries?.filter((e) => !embed || e.preset === only) ?? null;
  const ready = shown !== null;
  // A link to a card opens at it once the cards exist (they come from the engine).
  useEffect(() => {
    if (!ready || !location.hash) return;
    document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
  }, [ready]);

  const cards = shown?.map((e) => <GalleryCard key={e.preset} entry={e} measurement={gallery.measured[e.preset] ?? { status: 'waiting' }} codec={catalog?.codec ?? null} base={appBase()} embed={embed} />);
  const problems = (
    <>
      {gallery.error && (
        <p className="note note-warn" role="alert">
          {t('gallery.loadFailed', { message: gallery.error })}
        </p>
      )}
      {state.status === 'failed' && (
        <p className="note note-warn" role="alert">
          {t('gallery.loadFailed', { message: state.message })}
        </p>
      )}
      {shown !== null && shown.length === 0 && only && (
        <p className="note note-warn" role="alert">
          {t('gallery.notFound', { id: only.slice(0, 60) })}
        </p>
      )}
      {shown === null && !gallery.error && state.status !== 'failed' && <p className="muted">{t('gallery.loading')}</p>}
    </>
  );
  if (embed) {
    return (
      <div className="gallery-embed" data-testid="gallery">
        {problems}
        {cards}
      </div>
    );
  }
  return (
    <div className="gallery-app" data-testid="gallery">
      <header className="topbar">
        <Brand href="./" label={t('app.home')} tagline={t('gallery.tagline')} />
        <nav className="top-actions" aria-label={t('app.actions')}>
          <ViewLink view="playground" />
          <ViewLink view="stories" />
          <LanguageSwitch />
          <EngineBadge state={state} />
        </nav>
      </header>
      <main className="gallery-main">
        <h1>{t('gallery.title')}</h1>
        <p className="gallery-intro">{t('gallery.intro')}</p>
        {problems}
        <div className="gallery-grid">{cards}</div>
      </main>
    </div>
  );
}
