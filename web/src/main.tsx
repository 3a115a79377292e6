import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider, useI18n } from './i18n';
import { markVisited, pageFor, visitedBefore } from './explain/welcome/firstVisit';
import { keepForOffline } from './app/offline';
import './app/styles/base.css';
import './app/styles/controls.css';
import './app/styles/chart.css';
import './app/styles/summary.css';
import './app/styles/dialogs.css';
import './app/styles/compare.css';
import './app/styles/refusal.css';
import './glossary/glossary.css';
import './charts/teach-charts.css';
import './panels/teach.css';
import './panels/trace.css';
import './explain/story/story.css';
import './explain/lab/lab.css';

// One bundle, two layouts: embed.html (or ?embed=1) shows a single chart for other pages.
const embedded = document.documentElement.dataset.mode === 'embed' || new URLSearchParams(location.search).get('embed') === '1';
// The embed is see-through: the host page's background shows around the card.
if (embedded) document.documentElement.dataset.mode = 'embed';

// A first visit to the bare address lands on the welcome; links and return visits do not.
const page = pageFor(location.search, visitedBefore());
markVisited();
keepForOffline(embedded);

// Each page's code is a chunk of its own, loaded by the address: a story opened from its link
// loads neither the playground nor the welcome before its first chart.
const root = createRoot(document.getElementById('root')!);
const render = (node: ReactNode) =>
  root.render(
    <StrictMode>
      <I18nProvider>{node}</I18nProvider>
    </StrictMode>,
  );
const shown: Promise<unknown> =
  page === 'stories'
    ? import('./explain/story/StoryApp').then(({ StoryApp }) => render(<StoryApp embed={embedded} />))
    : page === 'drives'
      ? import('./gallery/GalleryApp').then(({ GalleryApp }) => render(<GalleryApp embed={embedded} />))
      : embedded
      ? import('./app/EmbedApp').then(({ EmbedApp }) => render(<EmbedApp />))
      : page === 'welcome'
        ? import('./explain/welcome/Welcome').then(({ Welcome }) => render(<Welcome />))
        : import('./app/App').then(({ App }) => render(<App />));
// A chunk that cannot load (offline before the site was kept, a new build replaced it) must not leave a blank page.
shown.catch(() => render(<LoadFailed />));

function LoadFailed() {
  const { t } = useI18n();
  return (
    <p className="note note-warn" role="alert" data-testid="load-failed">
      {t('app.loadFailed')}
    </p>
  );
}
