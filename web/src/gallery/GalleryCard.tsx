// One drive of the gallery: its source, then each public value beside the engine's, the
// reviewer's protocol, the verdict (within ±20 % or the stated difference), and a way to open
// the protocol's run in the playground. The card has an address of its own and an embed code.
import { useState } from 'react';
import type { GalleryEntry } from '../engine/generated/GalleryEntry';
import type { GalleryValue } from '../engine/generated/GalleryValue';
import type { GalleryMeasured } from '../engine/generated/GalleryMeasured';
import { useI18n } from '../i18n';
import type { CodecContext } from '../scenario/urlCodec';
import { GalleryBar } from './GalleryBar';
import { cardHref, embedCode, formatNumber, formatValue, playgroundHref, verdict } from './galleryModel';
import { galleryDriveText, galleryValueText } from './galleryText';
import type { Measurement } from './useGallery';

interface Props {
  entry: GalleryEntry;
  measurement: Measurement;
  codec: CodecContext | null;
  base: string;
  embed: boolean;
}

export function GalleryCard({ entry, measurement, codec, base, embed }: Props) {
  const { t, lang } = useI18n();
  const [showEmbed, setShowEmbed] = useState(false);
  const text = galleryDriveText(lang, entry);
  return (
    <article className="gallery-card" id={entry.preset} data-testid={`gallery-card-${entry.preset}`}>
      <header className="gallery-card-head">
        <h2>
          <a href={cardHref(entry.preset)} title={t('gallery.link')}>
            {text.drive}
          </a>
        </h2>
        <p className="muted gallery-preset">
          <code>{entry.preset}</code>
          {/* On the preset's line, so the card does not move when the numbers arrive. */}
          {(measurement.status === 'measuring' || measurement.status === 'waiting') && (
            <span className="gallery-measuring" data-testid="gallery-measuring">
              {' · '}
              {t(measurement.status === 'measuring' ? 'gallery.measuring' : 'gallery.waiting')}
            </span>
          )}
        </p>
        {text.related && <p className="gallery-related">{t('gallery.related', { text: text.related })}</p>}
        <p className="gallery-source">
          <span className="muted">{t('gallery.source')}{t('gallery.colon')}</span>{text.source}
        </p>
      </header>
      {measurement.status === 'failed' && (
        <p className="note note-warn" role="alert">
          {t('gallery.failed', { message: measurement.message })}
        </p>
      )}
      <ul className="gallery-values">
        {entry.values.map((v) => (
          <ValueRow key={v.id} value={v} measured={measurement.status === 'done' ? measurement.values.find((m) => m.id === v.id) : undefined} entry={entry} codec={codec} embed={embed} />
        ))}
      </ul>
      {!embed && (
        <footer className="gallery-card-foot">
          <a className="btn btn-ghost" href={cardHref(entry.preset)} data-testid="gallery-link">
            {t('gallery.link')}
          </a>
          <button type="button" className="btn btn-ghost" aria-expanded={showEmbed} onClick={() => setShowEmbed((s) => !s)} data-testid="gallery-embed">
            {t('gallery.embed')}
          </button>
          {showEmbed && (
            <label className="gallery-embed-code">
              {t('gallery.embedCode')}
              <textarea readOnly rows={3} value={embedCode(base, entry.preset, text.drive)} onFocus={(e) => e.currentTarget.select()} data-testid="gallery-embed-code" />
            </label>
          )}
        </footer>
      )}
    </article>
  );
}

function ValueRow({ value, measured, entry, codec, embed }: { value: GalleryValue; measured: GalleryMeasured | undefined; entry: GalleryEntry; codec: CodecContext | null; embed: boolean }) {
  const { t, lang, locale } = useI18n();
  const text = galleryValueText(lang, entry.preset, value);
  const show = (v: number) => formatValue(value.unit, v, locale);
  const run = entry.runs.find((r) => r.id === value.run);
  const v = measured ? verdict(value, measured) : null;
  return (
    <li className="gallery-value" data-testid={`gallery-value-${value.id}`}>
      <h3>{text.label}</h3>
      <p className="gallery-protocol">
        <span className="muted">{t('gallery.protocol')}{t('gallery.colon')}</span>{text.protocol}
      </p>
      <div className="gallery-figures">
        <GalleryBar publicValue={value.public} engine={measured?.engine ?? null} publicText={show(value.public)} engineText={measured ? show(measured.engine) : '…'} ok={v === 'within'} />
        <dl className="gallery-numbers">
          <div>
            <dt>{t('gallery.public')}</dt>
            <dd data-testid="gallery-public">{show(value.public)}</dd>
          </div>
          <div>
            <dt>{t('gallery.engine')}</dt>
            <dd data-testid="gallery-engine">{measured ? show(measured.engine) : '…'}</dd>
          </div>
          <div>
            <dt>{t('gallery.ratio')}</dt>
            <dd data-testid="gallery-ratio">{measured ? formatNumber(measured.ratio, locale) : '…'}</dd>
          </div>
        </dl>
      </div>
      {/* The stated difference is known before the run: shown at once, the verdict added when measured. */}
      <p className={`gallery-verdict gallery-verdict-${v ?? 'pending'}`} data-testid={v ? 'gallery-verdict' : undefined} data-verdict={v ?? undefined}>
        <strong>{v ? t(`gallery.verdict.${v}`) : '…'}</strong>
        {text.differs && <>{t('gallery.colon')}{text.differs}</>}
      </p>
      {run && codec && (
        <a className="btn gallery-open" href={playgroundHref(run, codec)} target={embed ? '_blank' : undefined} rel={embed ? 'noopener' : undefined} data-testid="gallery-open">
          {t('gallery.open')}
        </a>
      )}
    </li>
  );
}
