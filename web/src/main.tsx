import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { EmbedApp } from './app/EmbedApp';
import { I18nProvider } from './i18n';
import { StoryApp } from './explain/story/StoryApp';
import { Welcome } from './explain/welcome/Welcome';
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
const playground = embedded ? <EmbedApp /> : <App />;
keepForOffline(embedded);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider>{page === 'stories' ? <StoryApp embed={embedded} /> : page === 'welcome' && !embedded ? <Welcome /> : playground}</I18nProvider>
  </StrictMode>,
);
