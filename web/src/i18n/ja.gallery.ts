// 実機ギャラリー（issue 47）の日本語。各ドライブと値の説明（出典・手順・差の理由）はエンジンの英語テキスト。
import type { galleryEn } from './en.gallery';

export const galleryJa: Record<keyof typeof galleryEn, string> = {
  'gallery.nav': '実機',
  'gallery.title': '実機とモデルの比較',
  'gallery.intro':
    'レビューは決まった手順でドライブを測ります：SLC キャッシュを超える全容量書き込み、キュー深度 1 のランダム読み出し、ランダム書き込み後に残る速度など。各カードはその手順をドライブの「-like」プリセットでこのブラウザの中で実行し、エンジンの値を公開値と並べます。値は ±20 % 以内に入るか、エンジンが異なる理由をカードに明記します。',
  'gallery.tagline': '公開測定値とエンジンの比較',
  'gallery.source': '出典',
  'gallery.related': 'プリセットと同じドライブではありません：{text}',
  'gallery.protocol': '手順',
  'gallery.public': '公開値',
  'gallery.engine': 'エンジン',
  'gallery.ratio': 'エンジン / 公開値',
  'gallery.band': '公開値の ±20 %',
  'gallery.chart': '公開値 {public}（目印）とエンジンの {engine}',
  'gallery.verdict.within': '±20 % 以内',
  'gallery.verdict.differs': '差あり（理由を明記）',
  'gallery.verdict.unstated': '±20 % の外、理由の記載なし',
  'gallery.verdict.closed': '±20 % 以内（差ありと記載）',
  'gallery.measuring': 'エンジンがこの手順を実行中…',
  'gallery.waiting': 'エンジンを待っています',
  'gallery.failed': 'エンジンはこのドライブを測れませんでした：{message}',
  'gallery.loading': 'エンジンからドライブを読み込み中…',
  'gallery.loadFailed': 'エンジンはドライブの一覧を返せませんでした：{message}',
  'gallery.notFound': 'ギャラリーにドライブ「{id}」はありません。',
  'gallery.open': 'プレイグラウンドで開く',
  'gallery.link': 'このカードへのリンク',
  'gallery.embed': '埋め込み',
  'gallery.embedCode': 'このカードを表示するには、ページに次を貼り付けます：',
};
