// One line under each chart's title: what a point is and what to look for. Keyed by chart id
// (chartSpecs.ts), or for the headline by its first series id (the workload's own chart);
// `[[id]]` marks a glossary term (RichText). A chart without an entry gets `generic`.
import type { Lang } from '../i18n';
import type { ChartDef } from '../run/chartSpecs';

type Caption = Record<Lang, string>;

export const CAPTIONS = {
  // ---- headlines, by the workload's series id ----
  span_sweep: {
    en: 'Each point is a random I/O run confined to that much of the drive (the [[span]]); look for the knee where the [[l2p]] no longer fits in [[dram|DRAM]], [[hmb]] or SRAM and speed falls.',
    ja: '各点は、その広さ（[[span|アクセス範囲]]）に限ったランダム I/O の結果です。[[l2p]]が [[dram|DRAM]]・[[hmb]]・SRAM に収まらなくなり、速度が落ちる「ひざ」に注目してください。',
  },
  throughput_vs_written: {
    en: 'Write speed while the whole drive is filled from empty. On a drive with an [[slc-cache]], look for the cliff where it runs out and writes fall to native [[tlc|TLC]]/[[qlc|QLC]] speed; without one the line stays flat until [[gc]] starts.',
    ja: '空のドライブ全体を書き埋めていくときの書き込み速度です。[[slc-cache]]のあるドライブでは、それが尽きて [[tlc|TLC]]/[[qlc|QLC]] 本来の速度に落ちる崖に注目してください。ないドライブでは [[gc]] が始まるまで平らなままです。',
  },
  latency_trace: {
    en: 'Each dot is one operation’s [[latency]], in the order they ran; with more operations than dots, each dot is the slowest of its group, so spikes survive. Look for the spikes where a write waited: for a block [[erase]] (a [[xpoint|3D XPoint]] drive has none), a flush of the [[l2p|mapping table]], or a die moving [[slc-cache|SLC cache]] data to native cells. A NAND drive’s large writes sit in bands one program time apart: a write waits for whole rounds of programs across all planes, and a write that is not a whole number of rounds waits for the round below or above (article 002’s 8 MiB writes are 10⅔ rounds of 1.8 ms programs: 18.2 or 19.7 ms). The grey dashed lines are percentiles, not data.',
    ja: '各点は 1 回の操作の[[latency]]で、実行順に並んでいます。操作が点より多いときは、各点がそのグループで最も遅いものなので、スパイクは消えません。書き込みが何かを待ったスパイクに注目してください。ブロックの[[erase|消去]]（[[xpoint|3D XPoint]] にはありません）、[[l2p|マッピングテーブル]]のフラッシュ、ダイが [[slc-cache|SLC キャッシュ]]のデータを本来のセルへ移す処理などです。NAND ドライブの大きな書き込みは、プログラム 1 回分の時間だけ離れた帯に並びます。書き込みは全プレーンのプログラムを丸ごと何回分か待ち、回数が整数でなければその前後の回数分を待つためです（記事 002 の 8 MiB の書き込みは 1.8 ms のプログラム 10⅔ 回分で、18.2 ms か 19.7 ms）。灰色の破線はパーセンタイルで、データではありません。',
  },
  steady_state: {
    en: 'Write speed in each round of random writes on a nearly full drive; look for the drop as [[gc]] starts and the level it settles at ([[steady-state]]), higher with more [[op|OP]].',
    ja: 'ほぼ満杯のドライブにランダム書き込みを繰り返したときの、ラウンドごとの速度です。[[gc|GC]] が始まって落ち込み、落ち着く水準（[[steady-state]]）に注目してください。[[op|OP]] が多いほど高くなります。',
  },
  file_copy: {
    en: 'Write speed of each copy of a large file; look for when copies start to slow as free space runs out.',
    ja: '大きなファイルを 1 回コピーするごとの書き込み速度です。空き容量が減ってコピーが遅くなり始める点に注目してください。',
  },
  transfer_size_sweep: {
    en: 'Each point is random reads of one [[transfer-size]]; small requests are limited by per-request [[latency]], large ones by bandwidth — look where the lines meet.',
    ja: '各点は、ある[[transfer-size]]でのランダム読み出しです。小さな要求は 1 件ごとの[[latency]]、大きな要求は帯域で速度が決まります。線が交わる位置に注目してください。',
  },
  application_load: {
    en: 'Read speed of each load of the same application; with a [[hybrid|cache tier]], look for later loads getting faster once the cache has learned the data.',
    ja: '同じアプリケーションを読み込むたびの読み出し速度です。[[hybrid|キャッシュ層]]があれば、キャッシュがデータを覚えた 2 回目以降に速くなる点に注目してください。',
  },
  cdm_read: {
    en: 'CrystalDiskMark’s four tests, read and write; sequential tests show the link and [[channel]] bandwidth, the 4 KiB [[qd|QD1]] tests show [[latency]].',
    ja: 'CrystalDiskMark の 4 つのテストの読み出し・書き込み結果です。シーケンシャルはリンクと[[channel|チャネル]]の帯域を、4 KiB の [[qd|QD1]] は[[latency]]を表します。',
  },
  read_throughput: {
    en: '[[throughput|Throughput]] averaged over short time windows; look for dips where background work such as [[gc]] competes with the host.',
    ja: '短い時間区間ごとに平均した[[throughput]]です。[[gc]]などの裏方の処理がホストと競合して落ち込む箇所に注目してください。',
  },
  write_throughput: {
    en: '[[throughput|Throughput]] averaged over short time windows; look for dips where background work such as [[gc]] competes with the host.',
    ja: '短い時間区間ごとに平均した[[throughput]]です。[[gc]]などの裏方の処理がホストと競合して落ち込む箇所に注目してください。',
  },
  // ---- secondary charts, by chart id ----
  throughput: {
    en: 'Host [[throughput]] over time, averaged per window; look for dips and the level it settles at.',
    ja: 'ホストの[[throughput]]の時間変化（区間平均）です。落ち込みと、落ち着く水準に注目してください。',
  },
  latency: {
    en: 'For each [[latency]], the share of operations that finished at least that fast; the far right is the tail ([[latency-percentile|p99, p99.9]]) where rare stalls show.',
    ja: '各[[latency]]について、それ以下で完了した操作の割合です。右端が裾（[[latency-percentile|p99・p99.9]]）で、稀な停滞はここに現れます。',
  },
  latency_hist: {
    en: 'The share of operations in each [[latency]] bin (log-spaced); a second hump far to the right is operations that waited behind [[gc]] or an [[erase]].',
    ja: '[[latency]]の区間（対数間隔）ごとの操作の割合です。右に離れた 2 つ目の山は、[[gc|GC]] や[[erase|消去]]の後ろで待たされた操作です。',
  },
  waf: {
    en: '[[waf|Write amplification]]: flash bytes written per host byte, cumulative and per window; 1.0 is ideal, rising values mean [[gc]] is copying data.',
    ja: '[[waf]]：ホストが書いた 1 バイトあたりのフラッシュ書き込み量（累積と区間ごと）です。1.0 が理想で、上がるほど [[gc|GC]] がデータをコピーしています。',
  },
  gc: {
    en: 'How fast [[gc]] copies still-valid data to free blocks; when it rises, host writes slow down.',
    ja: '[[gc]]が有効なデータをコピーしてブロックを空ける速さです。これが増えるとホストの書き込みは遅くなります。',
  },
  mapping: {
    en: 'Where each [[l2p]] lookup was answered: SRAM, [[dram|DRAM]], [[hmb]], or a miss that first reads the map from flash; misses are what slow a [[dram-less]] drive.',
    ja: '[[l2p]]の参照がどこで解決したか（SRAM・[[dram|DRAM]]・[[hmb]]、またはフラッシュから対応表を読むミス）です。[[dram-less]] ドライブを遅くするのはこのミスです。',
  },
  slc_cache: {
    en: 'The [[slc-cache]]’s size and the data waiting in it; when the data reaches the size, writes go at native speed.',
    ja: '[[slc-cache]]のサイズと、そこに溜まっているデータ量です。データ量がサイズに達すると、書き込みは本来の速度になります。',
  },
  slc_cache_by_data_written: {
    en: 'The [[slc-cache]]’s size and contents against data written; the dynamic cache shrinks as the drive fills.',
    ja: '書き込み量に対する[[slc-cache]]のサイズと中身です。動的キャッシュはドライブが埋まるにつれて縮みます。',
  },
  tier: {
    en: 'Share of reads served by the [[hybrid|cache tier]] over time; higher means more reads take the fast path.',
    ja: '[[hybrid|キャッシュ層]]から読み出された割合の時間変化です。高いほど多くの読み出しが速い経路を通ります。',
  },
  tier_promotion_rate: {
    en: 'Data copied into the [[hybrid|cache tier]] over time; promotion is what makes the next read of that data fast.',
    ja: '[[hybrid|キャッシュ層]]へコピー（プロモーション）されたデータ量の時間変化です。これにより、そのデータの次の読み出しが速くなります。',
  },
  tier_cache_tier: {
    en: 'Data held in the [[hybrid|cache tier]] over time; it grows as data is promoted and stops at the cache’s size.',
    ja: '[[hybrid|キャッシュ層]]に保持されているデータ量の時間変化です。プロモーションで増え、キャッシュのサイズで頭打ちになります。',
  },
  blocks: {
    en: 'Every erase [[block]] when the run ended, one row per plane: colour by valid data to see what [[gc]] must copy, or by erase count to see [[wear-leveling]].',
    ja: '実行終了時のすべての消去[[block|ブロック]]で、1 行が 1 プレーンです。有効データで色分けすると [[gc|GC]] がコピーすべき量が、消去回数で色分けすると[[wear-leveling]]の効き具合が分かります。',
  },
  generic: {
    en: 'Each point is {y} against {x}, as the engine reports it.',
    ja: '各点は、エンジンが報告した {x} に対する {y} です。',
  },
} as const satisfies Record<string, Caption>;

export type CaptionId = keyof typeof CAPTIONS;

const has = (id: string): id is CaptionId => Object.hasOwn(CAPTIONS, id);

/**
 * The caption for a chart: the headline by its workload's series id, the latency chart by its
 * view (CDF or histogram), the rest by chart id; anything else `generic`.
 */
export function captionId(def: Pick<ChartDef, 'id'>, firstSeriesId: string | undefined, latencyView: 'cdf' | 'hist' = 'cdf'): CaptionId {
  if (def.id === 'headline') return firstSeriesId && has(firstSeriesId) ? firstSeriesId : 'generic';
  if (def.id === 'latency' && latencyView === 'hist') return 'latency_hist';
  return has(def.id) ? def.id : 'generic';
}

export function captionText(lang: Lang, id: CaptionId, vars: { x: string; y: string }): string {
  return CAPTIONS[id][lang].replace('{x}', vars.x).replace('{y}', vars.y);
}
