// Japanese for what each article measured (`article_values` in engine/presets/figures/*.json):
// the label and, where the engine is known to differ, the reason. Keyed by figure name and value
// id, never by the English; tests/contract/catalog.test.ts fails until a new value has its text.

export interface ArticleValueText {
  label: string;
  differs?: string;
}

export const ARTICLE_VALUES_JA: Record<string, Record<string, ArticleValueText>> = {
  'article-000-random-read': {
    'knee-hmb-off': { label: 'HMB 無効：2 GB の範囲から遅くなる（最初に遅くなる範囲、GiB）' },
    'knee-hmb-61': { label: 'HMB 61 MB：速い領域は 32 GB より手前で終わる（最初に遅くなる範囲、GiB）' },
    'knee-hmb-64': { label: 'HMB 64 MB：速い領域は 48 GB まで届く（最初に遅くなる範囲、GiB）' },
    'near-dram': { label: '範囲内では BG4 は DRAM 搭載の 970 EVO Plus よりわずかに遅いだけ（16 GiB での比）' },
    'hmb-off-floor': {
      label: '範囲の外：300 MB/s を少し超える（HMB 無効、32〜64 GiB の平均）',
      differs: '8 % 低い：BG4 風の 4 本のチャネルは 32 KiB のテーブルセグメントを 660 MB/s で運ぶ。2,250 MB/s のシーケンシャル読み出しの仕様が許す最速の値で、実際のドライブがテーブルのページをどうやって速く読むのかはわからない',
    },
    'hmb-61-meets-off': {
      label: 'HMB 61 MB は範囲を超えると HMB 無効の速度に落ちる（64 GiB での比）',
      differs: '61 MiB のテーブルは 64 GiB のうち 24 GiB をまだ覆うので、読み出しの 3 分の 1 がヒットする。記事のドライブは HMB 無効の速度まで落ちた',
    },
    'bg4-over-bg3': {
      label: '範囲の外では BG4 が BG3 より 100 MB/s 以上速い（64 GiB での HMB 無効と BG3 の差、MB/s）',
      differs: 'BG3 風の 24 GiB 分の HMB テーブルは 64 GiB でも読み出しの 3 分の 1 以上に答え、267 MB/s まで押し上げる。記事の BG3 は BG4（上の値）と同じく HMB 無効の速度まで落ちた',
    },
  },
  'article-000-random-write': {
    'dram-flat': { label: '970 EVO Plus（DRAM）：どの範囲でも平坦（64 GiB と 1 GiB の比）' },
    'bg4-holds-2g': { label: 'HMB ありの BG4 は 2 GB の範囲まで速度を保つ（2 GiB と 1 GiB の比）' },
    'bg4-drops': { label: 'その後は急に落ちる（4 GiB と 1 GiB の比）' },
    'hmb-helps-writes': {
      label: 'HMB は 2〜48 GB で書き込みを助ける（8 GiB での HMB 61 MB と HMB 無効の比）',
    },
    'hmb-meets-off-48': { label: '48 GB では HMB 無効と同じ（比）' },
    'bg4-below-bg3-8': {
      label: '4〜32 GB では BG4 が BG3 より遅い：100 ms を超えるレイテンシを避けるため（8 GiB での BG4 と BG3 の比）',
    },
    'bg4-below-bg3-16': {
      label: '16 GiB でも同じ（BG4 と BG3 の比）',
    },
  },
  'article-000-write-latency': {
    'bg4-under-100ms': { label: 'BG4：100 ms を超えるレイテンシを避けるよう設計し直した（最も遅い書き込み、ms）' },
  },
  'article-001-whole-drive-write': {
    'cliff-660p': { label: '660p：SLC キャッシュは約 74 GB で尽きる（200 MB/s を最初に下回る点、GB）' },
    'cliff-h10': { label: 'H10：同じ崖が約 74 GB に（GB）' },
    'after-660p': { label: '崖の後の 660p：平均 61.23 MB/s（TxBENCH と同じくサンプルの平均）' },
    'after-h10': { label: '崖の後の H10：平均 47.05 MB/s（サンプルの平均）' },
    'h10-recovers': { label: 'H10 は落ち込みの合間に約 60 MB/s まで戻る（サンプルの 90 % が下回る値）' },
    'h10-dips': { label: 'H10 は何度も約 20 MB/s まで落ち込む（最小のサンプル）' },
  },
  'article-002-write-latency': {
    'nand-spikes': { label: 'NAND：書き込みレイテンシが数ミリ秒跳ね上がる（中央値からの最大の上昇、ms）' },
    'xpoint-flat': { label: '3D XPoint：ほぼ平坦（中央値からの最大の上昇、ms）' },
  },
  'article-002-read-latency': {
    'nand-read-spikes': { label: 'NAND：読み出しにときどきスパイク、おそらく ECC のリトライ（中央値からの最大の上昇、ms）' },
    'nand-spikes-occasional': { label: 'NAND：スパイクはときどきで、ほとんどの読み出しは通常の時間（中央値からの p90 の上昇、ms）' },
    'xpoint-read-flat': { label: '3D XPoint：読み出しはほぼ平坦（中央値からの最大の上昇、ms）' },
  },
  'article-003-steady-state': {
    'zero-fill-flat': { label: 'ゼロ埋めのデータは一度も遅くならなかった（シーケンシャル書き込み、ラウンド 12 と 1 の比）' },
    'op0-seq-drop': {
      label: 'OP 0 %：シーケンシャル書き込みは定常状態で 20 % 低下（ラウンド 12 と 1 の比）',
      differs:
        'このエンジンは記事のテストでは遅くならない：どのラウンドも同じ 4 GB を書き直し、グリーディ GC はそのブロックが丸ごと無効（または TRIM 済み）なのを見つけて何も移動しない（WAF 1.00）。OP の有無は関係ない。実際のドライブが低下する方針は公開されておらず（SandForce ドライブは圧縮できないデータで埋めた後は遅いままで TRIM でも戻らない。GC はフォアグラウンドで動く）、モデル化していない',
    },
    'op20-seq-drop': {
      label: 'OP 20 %：シーケンシャル書き込みは 13 % 低下（ラウンド 12 と 1 の比）',
      differs:
        'このエンジンは記事のテストでは遅くならない：どのラウンドも同じ 4 GB を書き直し、グリーディ GC はそのブロックが丸ごと無効（または TRIM 済み）なのを見つけて何も移動しない（WAF 1.00）。OP の有無は関係ない。実際のドライブが低下する方針は公開されておらず（SandForce ドライブは圧縮できないデータで埋めた後は遅いままで TRIM でも戻らない。GC はフォアグラウンドで動く）、モデル化していない',
    },
    'op-effect': {
      label: 'OP 20 % で定常状態の書き込みが約 6〜7 % 向上（シーケンシャル書き込み、ラウンド 12 での OP 20 % と OP 0 % の比）',
      differs: 'ここで OP 20 % の効果がない（1.00）のは、エンジンではどちらのドライブも遅くならないから：低下がなければ OP が和らげるものもない。記事の 6〜7 % には、エンジンにない低下が要る',
    },
  },
  'article-004-cached-vs-not': {
    'cached-4k': { label: 'キャッシュありの 4 KB ランダム読み出し：5.23 MB/s' },
    'cached-over-uncached': {
      label: '通常の 2.5 インチ HDD の約 10 倍（4 KiB でのキャッシュありと一般的な 5,400 rpm のノート PC 用ディスクの比）',
    },
    'cached-wins-512k': { label: '512 KB の転送まではキャッシュありの方が速い（キャッシュありとなしの比）' },
    'uncached-catches-up': { label: '768 KB でキャッシュなしが追いつく（キャッシュなしとありの比）' },
    'cached-60': { label: '256 KB 以上でキャッシュありの読み出しは約 60 MB/s に達する（256 KiB〜1 MiB の平均）' },
  },
  'cachelib-fdp': {
    'whole-no-fdp': { label: '書き込み増幅、キャッシュがドライブの 100 %、FDP なし' },
    'whole-fdp': {
      label: '書き込み増幅、キャッシュがドライブの 100 %、FDP あり',
      differs: '固定の人気度のキーに対する LRU は、書かれた順からかけ離れた順にリージョンを回収するので、どの再利用単位にも不要になる時期の違うリージョンが入る（FIFO なら 1.00）。CacheLib のリージョンは書かれた順により近い順で不要になるはず（推定）',
    },
    'half-no-fdp': { label: '書き込み増幅、キャッシュがドライブの 50 %、FDP なし' },
    'half-fdp': { label: '書き込み増幅、キャッシュがドライブの 50 %、FDP あり' },
  },
};
