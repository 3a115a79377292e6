// 実機ギャラリー（issue 47）の日本語。各ドライブと値の説明（出典・手順・差の理由）はエンジンの英語テキストを
// プリセット名と値の id で訳したもの（下の GALLERY_DRIVES_JA）。
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
  'gallery.colon': '：',
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

/** What a value measured, how the engine repeats it and, where it is known to differ, why. */
export interface GalleryValueTextJa {
  label: string;
  protocol: string;
  differs?: string;
}

/** A drive's card: its name, how it relates to the preset (when not the preset's own), its source. */
export interface GalleryDriveTextJa {
  drive: string;
  related?: string;
  source: string;
  values: Record<string, GalleryValueTextJa>;
}

const WHOLE_DRIVE_WRITE = '空のドライブ全体への書き込み、1 MiB シーケンシャル、QD1（1 スレッド）';
const BG4_RELATED = 'レビューは 1 TB モデル、プリセットは記事 000 の 512 GB モデルです';
const BG4_SOURCE = 'AnandTech /show/14962（Toshiba BG4 1 TB のレビュー）';
const P4800X_READS = '16 GB の範囲への 4 KiB ランダム読み出しを QD1 で 3 秒（約 250,000 回）';
const NO_HICCUPS = 'エンジンはファームウェアや割り込みによる一時的な遅れをモデル化していません。どの読み出しも同じ時間がかかるので、テールは平坦です';
const SF_WRITES = '圧縮できない 128 KiB のシーケンシャル書き込みを QD32 で 2 秒、平均 MB/s';

/**
 * The engine's English text on each gallery card (engine/presets/gallery/<preset>.json), in
 * Japanese: keyed by the drive's preset and each value's id, never by the English. Numbers and
 * units are the engine's; tests/unit/galleryJa.test.ts fails until a new drive or value has its text.
 */
export const GALLERY_DRIVES_JA: Record<string, GalleryDriveTextJa> = {
  '660p-like': {
    drive: 'Intel SSD 660p 512 GB',
    source: '参照ノート（public-data.md の「Real drives」）にまとめた 660p の各レビュー（キャッシュ容量は Intel の値）。特定の 1 ページは挙げていません',
    values: {
      'slc-speed': {
        label: 'SLC キャッシュ内のシーケンシャル書き込み速度',
        protocol: `${WHOLE_DRIVE_WRITE}。最初の 60 GB の平均速度（バイト数 ÷ 時間）`,
        differs: 'プリセットは Intel の 512 GB モデルの仕様書（シーケンシャル書き込み 1,000 MB/s、docs/spec-sheets.md）に合わせています。レビューの約 1,800 MB/s は、この容量に対する Intel 自身の値を上回ります',
      },
      'after-cache-speed': {
        label: 'SLC キャッシュを使い切った後のシーケンシャル書き込み速度',
        protocol: `${WHOLE_DRIVE_WRITE}。書き込み量 100 GB から最後までの平均速度`,
        differs: 'プリセットはレビューの約 100 MB/s ではなく、記事 001 自身の 512 GB ドライブ（崖の後の平均 61.23 MB/s、docs/articles.md）に合わせています',
      },
      'cache-size': {
        label: '速度が落ちるまでに書き込めるデータ量（空のドライブの SLC キャッシュ）',
        protocol: `${WHOLE_DRIVE_WRITE}。500 MB/s を最初に下回る点`,
      },
    },
  },
  '900p-like': {
    drive: 'Intel Optane SSD DC P4800X',
    related: '900P と同じ世代の 3D XPoint を使う、Intel のデータセンター向け Optane ドライブ。プリセットは 900P です',
    source: 'AnandTech /show/11209（Intel Optane SSD DC P4800X のレビュー）',
    values: {
      mean: {
        label: 'QD1 の 4K ランダム読み出し、平均レイテンシ',
        protocol: `${P4800X_READS}。平均`,
        differs: '別のドライブです。プリセットが従う 900P の仕様書では読み出しレイテンシは約 10 µs で、エンジンはメディアの時間にコントローラーと PCIe リンクの時間を加えます。8.9 µs は P4800X 自身の値です',
      },
      p99: {
        label: 'QD1 の 4K ランダム読み出し、99 パーセンタイル',
        protocol: `${P4800X_READS}。99 パーセンタイル`,
        differs: `別のドライブであり（平均を参照）、さらに${NO_HICCUPS}`,
      },
      p99999: {
        label: 'QD1 の 4K ランダム読み出し、99.999 パーセンタイル',
        protocol: `${P4800X_READS}。最も遅い読み出し（99.999 パーセンタイルの上限）`,
        differs: `${NO_HICCUPS}。P4800X では最も遅い読み出しが平均の 4 倍かかります`,
      },
    },
  },
  '970-evo-plus-like': {
    drive: 'Samsung 970 EVO 500 GB',
    related: 'プリセットが従う 970 EVO Plus ではなく、同じシリーズの旧モデルで 64 層 V-NAND を使う 970 EVO です',
    source: 'TechPowerUp の Samsung 970 EVO 500 GB レビュー、「pSLC Cache / Write Intensive Usage」のページ',
    values: {
      'cache-size': {
        label: '2 GB/s を超える速度で書き込めるデータ量（TurboWrite、空のドライブ）',
        protocol: `TechPowerUp と同じ手順で、${WHOLE_DRIVE_WRITE}。1,500 MB/s を最初に下回る点`,
      },
      'after-cache-speed': {
        label: 'TurboWrite を使い切った後のシーケンシャル書き込み速度',
        protocol: `TechPowerUp と同じ手順で、${WHOLE_DRIVE_WRITE}。書き込み量 40 GB から最後までの平均速度`,
        differs: '別のドライブです。プリセットは 970 EVO Plus で、Samsung の仕様書（docs/spec-sheets.md）では新しい TLC が TurboWrite の後も約 900 MB/s で書き込みます。約 600 MB/s は 970 EVO 自身の値です',
      },
    },
  },
  'bg3-like': {
    drive: 'Toshiba BG3',
    source: 'AnandTech /show/11688（Toshiba BG3 のレビュー）',
    values: {
      'hmb-span': {
        label: '約 38 MB の HMB がランダム読み出しを速くする最大の範囲',
        protocol: '満杯のドライブの 1〜64 GB の範囲への 4 KiB ランダム読み出しを QD1 で各 0.2 秒。HMB のアドレステーブルがカバーする範囲',
        differs: 'プリセットは 38 MiB の HMB に 24 MiB のテーブル領域を 1 つ（24 GiB の範囲分）与えています。これは記事 000（4〜32 GB で BG3 が BG4 より速かった）からこのモデルが推定したものです。レビューでは効果が 16 GB で終わりました',
      },
    },
  },
  'bg4-like-hmb-off': {
    drive: 'Toshiba BG4 1 TB、HMB 無効',
    related: BG4_RELATED,
    source: BG4_SOURCE,
    values: {
      'qd1-read-slower': {
        label: 'QD1 のランダム読み出し：HMB 無効では有効時よりどれだけ遅いか',
        protocol: '満杯のドライブの 16 GB の範囲への 4 KiB ランダム読み出しを QD1 で 1 秒、平均 IOPS。HMB 無効（このプリセット）と HMB 有効（bg4-like）の比較',
        differs: 'HMB がないと、エンジンではほぼすべての読み出しが先に NAND から変換セグメントを読むのを待つ（アレイの読み出しがもう 1 回丸ごと増える）ため、QD1 の読み出しには約 2 倍の時間がかかります。実際のコントローラーの落ち込みはこれより小さいものの、どうしているのかはレビューに書かれていません',
      },
    },
  },
  'bg4-like': {
    drive: 'Toshiba BG4 1 TB',
    related: BG4_RELATED,
    source: BG4_SOURCE,
    values: {
      'cache-size': {
        label: '1 GB/s を超える速度で書き込めるデータ量（SLC キャッシュ、空のドライブ）',
        protocol: `${WHOLE_DRIVE_WRITE}。1,000 MB/s を最初に下回る点`,
        differs: 'プリセットのキャッシュ（静的 6 GB と空き容量の一定割合。記事 000 の 512 GB ドライブから設定）は空のとき約 40 GB です。レビューが測ったのは 1 TB モデルです',
      },
      'after-over-cache': {
        label: 'SLC キャッシュを使い切った後の速度とキャッシュ内の速度の比（「約半分」）',
        protocol: `${WHOLE_DRIVE_WRITE}。60 GB から最後までの平均速度 ÷ 最初の 20 GB の平均速度`,
      },
    },
  },
  'ssd520-like': {
    drive: 'OCZ Vertex 3 120 GB と Intel SSD 530',
    related: 'SSD 520 そのものではなく、SSD 520 と同じ SandForce SF-2281 コントローラーを使う 2 台のドライブです',
    source: 'AnandTech /show/4256（Vertex 3）、ComputerBase 2014（SSD 530）',
    values: {
      'vertex3-after-random': {
        label: 'Vertex 3：4K QD32 のランダム書き込みを 20 分続けた後の、圧縮できないデータのシーケンシャル書き込み。クリーンな状態との比（38.3 / 162.1 MB/s）',
        protocol: `${SF_WRITES}。満杯のドライブに容量 1 回分の 4 KiB ランダム書き込みをした後（レビューの 20 分と同程度、推定）の値 ÷ クリーンなドライブでの同じ値`,
        differs: 'エンジンのグリーディなガベージコレクションでは、クリーン時の 3 分の 1 の速度が残ります。SF-2281 が圧縮できないデータで抱える既知の問題（AnandTech /show/6107：そのデータでは TRIM が正しく働かない）はモデル化していません',
      },
      'ssd530-every-block': {
        label: 'SSD 530：すべてのブロックを一度書き込んだ後のシーケンシャル書き込み。クリーンな状態との比（242 / 303 MB/s）',
        protocol: `${SF_WRITES}。ドライブ全体をシーケンシャルに 1 回埋めた後の値 ÷ クリーンなドライブでの同じ値`,
        differs: 'エンジンでは、順に埋めて順に書き直したドライブはブロックが丸ごと空くので、ガベージコレクションは何もコピーせず速度は保たれます。SSD 530 のファームウェアでは 20 % 落ちます（理由は公開されていません）',
      },
    },
  },
};
