import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { EmbedApp } from './app/EmbedApp';
import { I18nProvider } from './i18n';
import './app/styles/base.css';
import './app/styles/controls.css';
import './app/styles/chart.css';
import './app/styles/summary.css';
import './app/styles/dialogs.css';

// One bundle, two layouts: embed.html (or ?embed=1) shows a single chart for other pages.
const embedded = document.documentElement.dataset.mode === 'embed' || new URLSearchParams(location.search).get('embed') === '1';
// The embed is see-through: the host page's background shows around the card.
if (embedded) document.documentElement.dataset.mode = 'embed';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider>{embedded ? <EmbedApp /> : <App />}</I18nProvider>
  </StrictMode>,
);
