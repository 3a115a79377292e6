// Text with glossary terms marked inline: `[[hmb]]` shows the term's own word, `[[l2p|the
// table]]` other words, both opening the term's definition. Lets captions and help live as
// plain strings per language while still linking into the glossary.
import { Fragment } from 'react';
import { Term } from './Term';
import { GLOSSARY, isGlossaryId } from './terms';
import type { Lang } from '../i18n';

const MARK = /\[\[([a-z0-9-]+)(?:\|([^\]]+))?\]\]/g;

export type RichPart = string | { id: string; text?: string };

/** Splits marked text into plain runs and terms; an unknown id stays as its words. */
export function parseRich(text: string): RichPart[] {
  const parts: RichPart[] = [];
  let at = 0;
  for (const m of text.matchAll(MARK)) {
    if (m.index > at) parts.push(text.slice(at, m.index));
    const [, id, words] = m;
    parts.push(isGlossaryId(id) ? { id, text: words } : (words ?? id));
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

/** The text without marks, as the page shows it (a bare mark reads as the term's own word). */
export function plainRich(text: string, lang: Lang = 'en'): string {
  return parseRich(text)
    .map((p) => (typeof p === 'string' ? p : (p.text ?? (isGlossaryId(p.id) ? GLOSSARY[p.id][lang].term : p.id))))
    .join('');
}

export function RichText({ text }: { text: string }) {
  return (
    <>
      {parseRich(text).map((p, i) =>
        typeof p === 'string' ? (
          <Fragment key={i}>{p}</Fragment>
        ) : isGlossaryId(p.id) ? (
          <Term key={i} id={p.id}>
            {p.text}
          </Term>
        ) : null,
      )}
    </>
  );
}
