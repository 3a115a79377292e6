// One value as a small bar: the engine's number as the bar, the public number as a mark across
// it, and the ±20 % band around the mark, on a linear axis from 0 (D3 computes, React draws).
import { useI18n } from '../i18n';
import { barGeometry } from './galleryModel';

const WIDTH = 280;
const HEIGHT = 34;

export function GalleryBar({ publicValue, engine, publicText, engineText, ok }: { publicValue: number; engine: number | null; publicText: string; engineText: string; ok: boolean }) {
  const { t } = useI18n();
  const g = barGeometry(publicValue, engine, WIDTH);
  return (
    <svg className="gallery-bar" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} role="img" aria-label={t('gallery.chart', { public: publicText, engine: engineText })}>
      <title>{t('gallery.band')}</title>
      <rect x={0} y={8} width={WIDTH} height={14} className="gallery-bar-track" rx={3} />
      <rect x={g.bandFrom} y={6} width={g.bandTo - g.bandFrom} height={18} className="gallery-bar-band" />
      {engine !== null && <rect x={0} y={10} width={g.engineX} height={10} rx={2} className={ok ? 'gallery-bar-engine' : 'gallery-bar-engine gallery-bar-off'} data-testid="gallery-bar-engine" />}
      <line x1={g.publicX} x2={g.publicX} y1={2} y2={28} className="gallery-bar-public" data-testid="gallery-bar-public" />
      <text x={Math.min(g.publicX, WIDTH - 4)} y={HEIGHT - 1} textAnchor={g.publicX > WIDTH - 40 ? 'end' : 'middle'} className="gallery-bar-label">
        {publicText}
      </text>
    </svg>
  );
}
