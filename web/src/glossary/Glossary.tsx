// The Glossary: a top-bar button opening a dialog that lists every term with an anchor
// (`#glossary-hmb`). A link to such an anchor (from a story, a shared URL) opens the dialog
// scrolled to that entry; closing it drops the hash so Back/refresh don't reopen it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useI18n } from '../i18n';
import { Dialog } from '../ui/Dialog';
import { GLOSSARY, GLOSSARY_IDS, glossaryAnchor, isGlossaryId, type GlossaryId } from './terms';

const HASH_PREFIX = '#glossary';

/** `#glossary` → the whole list; `#glossary-hmb` → that entry; anything else → closed. */
export function glossaryTarget(hash: string): GlossaryId | 'all' | null {
  if (hash === HASH_PREFIX) return 'all';
  if (!hash.startsWith(`${HASH_PREFIX}-`)) return null;
  const id = decodeURIComponent(hash.slice(HASH_PREFIX.length + 1));
  return isGlossaryId(id) ? id : 'all';
}

export function GlossaryList({ focus }: { focus: GlossaryId | null }) {
  const { lang } = useI18n();
  const list = useRef<HTMLDListElement | null>(null);
  useEffect(() => {
    if (!focus) return;
    const el = list.current?.querySelector<HTMLElement>(`#${glossaryAnchor(focus)}`);
    el?.scrollIntoView({ block: 'start' });
    el?.focus({ preventScroll: true });
  }, [focus]);
  const ids = lang === 'en' ? GLOSSARY_IDS : [...GLOSSARY_IDS].sort((a, b) => GLOSSARY[a].ja.term.localeCompare(GLOSSARY[b].ja.term, 'ja'));
  return (
    <dl className="glossary-list" ref={list} data-testid="glossary-list">
      {ids.map((id) => (
        <div key={id} className={`glossary-entry${focus === id ? ' glossary-focus' : ''}`} id={glossaryAnchor(id)} tabIndex={-1} data-glossary={id}>
          <dt>
            <a href={`#${glossaryAnchor(id)}`}>{GLOSSARY[id][lang].term}</a>
            {lang === 'ja' && GLOSSARY[id].en.term !== GLOSSARY[id].ja.term && (
              <span className="glossary-en" lang="en">
                {GLOSSARY[id].en.term}
              </span>
            )}
          </dt>
          <dd>{GLOSSARY[id][lang].definition}</dd>
        </div>
      ))}
    </dl>
  );
}

export function GlossaryButton() {
  const { t } = useI18n();
  const [target, setTarget] = useState<GlossaryId | 'all' | null>(() => glossaryTarget(location.hash));
  useEffect(() => {
    const onHash = () => setTarget(glossaryTarget(location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const close = useCallback(() => {
    setTarget(null);
    if (location.hash.startsWith(HASH_PREFIX)) history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  }, []);
  return (
    <>
      <button type="button" className="btn btn-ghost" onClick={() => setTarget('all')} data-testid="glossary-open" aria-haspopup="dialog">
        <svg viewBox="0 0 16 16" aria-hidden="true" className="btn-icon">
          <path d="M3 2.5h7.5a2 2 0 0 1 2 2v9H5a2 2 0 0 1-2-2zM3 11.5a2 2 0 0 1 2-2h7.5M6 5.5h4" stroke="currentColor" strokeWidth={1.5} fill="none" strokeLinejoin="round" strokeLinecap="round" />
        </svg>
        {t('glossary.open')}
      </button>
      <Dialog open={target !== null} title={t('glossary.title')} onClose={close} testId="glossary-dialog" wide>
        <p className="muted glossary-intro">{t('glossary.intro')}</p>
        <GlossaryList focus={target === 'all' ? null : target} />
      </Dialog>
    </>
  );
}
