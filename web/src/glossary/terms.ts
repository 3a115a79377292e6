// The glossary: one plain-words entry per SSD term the page, the charts and the stories use.
// Ids are the domain words (kebab-case); the Glossary panel links to each as `#glossary-<id>`.
// Each definition is 1–3 sentences with a concrete number where it helps a newcomer.
import type { Lang } from '../i18n';
import { INSIDE_ENTRIES } from './termsInside';
import { PLACEMENT_ENTRIES } from './termsPlacement';
import { POWER_ENTRIES } from './termsPower';

export interface GlossaryText {
  term: string;
  definition: string;
}

export type GlossaryEntry = Record<Lang, GlossaryText>;

/** The entries kept here; termsInside.ts holds the drive's inner parts and timings. */
const CORE_ENTRIES = {
  nand: {
    en: {
      term: 'NAND flash',
      definition: 'The memory chips an SSD stores data in. Data is read and written a page at a time and erased a whole block at a time; a cell wears out after a limited number of erase cycles.',
    },
    ja: {
      term: 'NAND フラッシュ',
      definition: 'SSD がデータを記録するメモリチップです。読み書きはページ単位、消去はブロック単位で行い、セルは決まった回数の消去で寿命を迎えます。',
    },
  },
  page: {
    en: {
      term: 'page',
      definition: 'The smallest unit NAND reads or programs, typically 16 KiB. A written page cannot be overwritten; it must wait until its whole block is erased.',
    },
    ja: {
      term: 'ページ',
      definition: 'NAND が読み出し・書き込み（プログラム）を行う最小単位で、16 KiB 程度が一般的です。一度書いたページは上書きできず、ブロックごと消去されるまで再利用できません。',
    },
  },
  block: {
    en: {
      term: 'block',
      definition: 'The smallest unit NAND can erase: hundreds of pages together, for example 768 pages × 16 KiB = 12 MiB. To reuse a single page, the whole block has to be emptied and erased.',
    },
    ja: {
      term: 'ブロック',
      definition: 'NAND が消去できる最小単位で、数百ページがまとまっています（例：16 KiB × 768 ページ = 12 MiB）。1 ページを再利用するにも、ブロック全体を空けて消去する必要があります。',
    },
  },
  erase: {
    en: {
      term: 'erase',
      definition: 'Resetting every cell of a block so its pages can be written again. It takes milliseconds (a read takes tens of microseconds), so a write that has to wait for an erase shows up as a latency spike.',
    },
    ja: {
      term: '消去（イレース）',
      definition: 'ブロック内の全セルを初期状態に戻し、ページを再び書けるようにする操作です。読み出しが数十 µs なのに対し数 ms かかるため、消去待ちの書き込みはレイテンシのスパイクとして現れます。',
    },
  },
  'pe-cycle': {
    en: {
      term: 'P/E cycle',
      definition: 'One program (write) and erase of a block. Flash endures a limited number: roughly 3,000 for TLC and 1,000 for QLC, which is why extra writes shorten a drive’s life.',
    },
    ja: {
      term: 'P/E サイクル',
      definition: 'ブロックを 1 回書き込み（プログラム）・消去することです。耐えられる回数には限りがあり、TLC で約 3,000 回、QLC で約 1,000 回です。余分な書き込みが寿命を縮めるのはこのためです。',
    },
  },
  'read-retry': {
    en: {
      term: 'read retry',
      definition: 'When a page comes back with more bit errors than the ECC can correct, the controller reads it again with shifted read voltages, each attempt costing another array read (tR). Worn and aged cells need it more often, so a few reads take longer.',
    },
    ja: {
      term: 'リードリトライ',
      definition: 'ページのビットエラーが ECC で訂正できる数を超えたとき、コントローラーが読み出し電圧をずらしてもう一度読むことです。1 回ごとにセルアレイの読み出し（tR）がもう一度かかります。摩耗したセルや古いデータほど必要になりやすく、一部の読み出しが遅くなります。',
    },
  },
  slc: {
    en: {
      term: 'SLC',
      definition: 'Single-level cell: 1 bit per flash cell. Fastest and most durable, but it needs 3–4 times the cells of TLC/QLC for the same capacity.',
    },
    ja: {
      term: 'SLC',
      definition: '1 セルに 1 ビットを記録する方式です。最も速く長寿命ですが、同じ容量に TLC/QLC の 3〜4 倍のセルが必要です。',
    },
  },
  mlc: {
    en: {
      term: 'MLC',
      definition: 'Multi-level cell: 2 bits per cell, 4 voltage levels. Between SLC and TLC in speed, endurance and cost.',
    },
    ja: {
      term: 'MLC',
      definition: '1 セルに 2 ビット（4 段階の電圧）を記録する方式です。速度・寿命・価格は SLC と TLC の中間です。',
    },
  },
  tlc: {
    en: {
      term: 'TLC',
      definition: 'Triple-level cell: 3 bits per cell, 8 voltage levels. The usual flash in today’s SSDs; writing it natively is several times slower than SLC.',
    },
    ja: {
      term: 'TLC',
      definition: '1 セルに 3 ビット（8 段階の電圧）を記録する方式で、現在の SSD の主流です。TLC として直接書くと SLC より数倍遅くなります。',
    },
  },
  qlc: {
    en: {
      term: 'QLC',
      definition: 'Quad-level cell: 4 bits per cell, 16 voltage levels. Cheapest per gigabyte, but native writes are slow (tens of MB/s per drive once the SLC cache is full) and cells wear out sooner.',
    },
    ja: {
      term: 'QLC',
      definition: '1 セルに 4 ビット（16 段階の電圧）を記録する方式です。容量あたり最も安価ですが、SLC キャッシュが尽きると書き込みは数十 MB/s まで落ち、寿命も短めです。',
    },
  },
  xpoint: {
    en: {
      term: '3D XPoint',
      definition: 'The memory in Intel Optane drives. It writes in place with no erase and no garbage collection, so its latency stays almost flat, around 10 µs.',
    },
    ja: {
      term: '3D XPoint',
      definition: 'Intel Optane に使われたメモリです。消去もガベージコレクションも不要でその場に書き換えられるため、レイテンシは 10 µs 前後でほぼ一定です。',
    },
  },
  ftl: {
    en: {
      term: 'FTL',
      definition: 'Flash translation layer: the controller firmware that makes flash look like an ordinary disk. Because flash cannot be overwritten, it writes new data to fresh pages and keeps a map (the L2P table) of where each logical block now lives.',
    },
    ja: {
      term: 'FTL',
      definition: 'フラッシュ変換層。フラッシュを普通のディスクのように見せるコントローラのファームウェアです。上書きできないため新しいデータは空きページに書き、各論理ブロックの現在位置を対応表（L2P テーブル）で管理します。',
    },
  },
  l2p: {
    en: {
      term: 'L2P table',
      definition: 'The logical-to-physical mapping table: for every logical address, which flash page holds it. At about 4 bytes per 4 KiB it needs roughly 1/1000 of capacity, so 1 GB of table for a 1 TB drive.',
    },
    ja: {
      term: 'L2P テーブル',
      definition: '論理アドレスごとに、そのデータがどのフラッシュページにあるかを記録した対応表です。4 KiB あたり約 4 バイトなので容量の約 1/1000、1 TB のドライブなら約 1 GB になります。',
    },
  },
  dram: {
    en: {
      term: 'DRAM cache',
      definition: 'A RAM chip on the SSD that mainly holds the L2P table, so finding any page costs no extra flash read. A 1 TB drive typically carries 1 GB of DRAM.',
    },
    ja: {
      term: 'DRAM キャッシュ',
      definition: 'SSD 基板上の RAM で、主に L2P テーブルを保持します。これによりページの場所を調べるための余分なフラッシュ読み出しが不要になります。1 TB のドライブなら 1 GB 程度が一般的です。',
    },
  },
  'dram-less': {
    en: {
      term: 'DRAM-less',
      definition: 'An SSD without its own DRAM. Only a small part of the L2P table fits in the controller’s SRAM (enough for about 1 GB of data), so random reads over a wider span must first read the map from flash, then the data.',
    },
    ja: {
      term: 'DRAM レス',
      definition: '専用 DRAM を持たない SSD です。コントローラ内の SRAM には L2P テーブルの一部（データ約 1 GB 分）しか載らないため、それより広い範囲のランダム読み出しでは、先に対応表をフラッシュから読んでからデータを読みます。',
    },
  },
  hmb: {
    en: {
      term: 'HMB',
      definition: 'Host Memory Buffer: an NVMe feature that lets a DRAM-less SSD borrow some of the computer’s RAM (typically 32–64 MB) over PCIe to cache the L2P table. Slower than on-board DRAM, much faster than reading the map from flash.',
    },
    ja: {
      term: 'HMB',
      definition: 'ホストメモリバッファ。DRAM レス SSD が PC のメインメモリの一部（通常 32〜64 MB）を PCIe 経由で借り、L2P テーブルのキャッシュに使う NVMe の機能です。基板上の DRAM より遅いものの、対応表をフラッシュから読むよりはるかに速くなります。',
    },
  },
  'slc-cache': {
    en: {
      term: 'SLC cache',
      definition: 'Part of a TLC/QLC drive written 1 bit per cell so bursts of writes go fast. When it fills up (for example after ~74 GB on a 512 GB QLC drive) writes drop to native TLC/QLC speed until the drive moves the data out while idle.',
    },
    ja: {
      term: 'SLC キャッシュ',
      definition: 'TLC/QLC ドライブの一部を 1 セル 1 ビットで書き、まとまった書き込みを速く受け止める仕組みです。いっぱいになると（512 GB の QLC ドライブなら約 74 GB 書いた後など）、アイドル時にデータを移し終えるまで TLC/QLC 本来の速度に落ちます。',
    },
  },
  op: {
    en: {
      term: 'over-provisioning (OP)',
      definition: 'Flash capacity the host cannot see, kept as spare room for garbage collection. A drive with 256 GB of flash sold as 240 GB has about 7% OP; more OP means fewer copies per freed block and faster sustained random writes.',
    },
    ja: {
      term: 'オーバープロビジョニング（OP）',
      definition: 'ホストから見えない予備のフラッシュ容量で、ガベージコレクションの作業領域になります。256 GB のフラッシュを 240 GB として売るドライブは OP 約 7% です。OP が多いほど解放 1 ブロックあたりのコピーが減り、持続的なランダム書き込みが速くなります。',
    },
  },
  gc: {
    en: {
      term: 'garbage collection (GC)',
      definition: 'How the FTL makes room: it picks a block, copies the pages that are still valid somewhere else, then erases the block. Those copies are extra flash writes that compete with the host’s I/O.',
    },
    ja: {
      term: 'ガベージコレクション（GC）',
      definition: 'FTL が空きを作る処理です。ブロックを選び、まだ有効なページを別の場所へコピーしてからそのブロックを消去します。このコピーは余分なフラッシュ書き込みとなり、ホストの I/O と競合します。',
    },
  },
  waf: {
    en: {
      term: 'write amplification (WAF)',
      definition: 'Bytes written to flash divided by bytes the host wrote. 1.0 is ideal (sequential writes on an empty drive); random writes on a nearly full drive with little OP can reach 3 or more, cutting both speed and lifetime.',
    },
    ja: {
      term: '書き込み増幅（WAF）',
      definition: 'フラッシュに書いたバイト数をホストが書いたバイト数で割った値です。理想は 1.0（空のドライブへのシーケンシャル書き込み）で、OP が少なくほぼ満杯のドライブへのランダム書き込みでは 3 以上になり、速度も寿命も削られます。',
    },
  },
  trim: {
    en: {
      term: 'TRIM',
      definition: 'A command from the host saying “these addresses no longer hold data” (for example after a file is deleted). The FTL can then drop those pages instead of copying them during garbage collection.',
    },
    ja: {
      term: 'TRIM',
      definition: 'ファイル削除などの後に、ホストが「このアドレスにはもうデータがない」と伝えるコマンドです。FTL はそのページをガベージコレクションでコピーせずに捨てられます。',
    },
  },
  'wear-leveling': {
    en: {
      term: 'wear levelling',
      definition: 'Spreading erases evenly over all blocks so no block wears out early; sometimes it moves cold data that never changes so its blocks can take their share of writes.',
    },
    ja: {
      term: 'ウェアレベリング',
      definition: '消去回数を全ブロックに均等に分散し、特定のブロックだけが早く寿命を迎えないようにする処理です。書き換えられないデータを移動して、そのブロックにも書き込みを割り当てることもあります。',
    },
  },
  qd: {
    en: {
      term: 'queue depth (QD)',
      definition: 'How many I/O requests the host keeps outstanding at once. QD1 measures the latency of one request at a time; QD32 lets the controller keep many flash dies busy in parallel.',
    },
    ja: {
      term: 'キュー深度（QD）',
      definition: 'ホストが同時に発行している I/O 要求の数です。QD1 は 1 件ずつのレイテンシを測り、QD32 ならコントローラが多数のダイを並列に動かせます。',
    },
  },
  span: {
    en: {
      term: 'access span',
      definition: 'The range of the drive a test touches, for example random reads spread over the first 1 GB or over 64 GB. The wider the span, the more of the L2P table the reads need.',
    },
    ja: {
      term: 'アクセス範囲（スパン）',
      definition: 'テストがアクセスするドライブ上の範囲です。例えば先頭 1 GB だけ、あるいは 64 GB 全体にランダム読み出しを散らします。範囲が広いほど、必要な L2P テーブルも大きくなります。',
    },
  },
  'transfer-size': {
    en: {
      term: 'transfer size',
      definition: 'The size of each I/O request, from 4 KiB (typical random I/O) to 1 MiB or more (sequential copies). Small transfers are limited by per-request latency, large ones by bandwidth.',
    },
    ja: {
      term: '転送サイズ',
      definition: '1 回の I/O 要求の大きさで、4 KiB（典型的なランダム I/O）から 1 MiB 以上（シーケンシャルなコピー）まであります。小さい転送は 1 件ごとのレイテンシ、大きい転送は帯域で速度が決まります。',
    },
  },
  die: {
    en: {
      term: 'die',
      definition: 'One flash chip inside a package, the unit that works independently. An SSD with 8 dies can run 8 reads or programs at once, which is why queue depth matters.',
    },
    ja: {
      term: 'ダイ',
      definition: 'パッケージ内のフラッシュチップ 1 枚で、独立して動作できる単位です。8 ダイの SSD は 8 件の読み出しや書き込みを同時に実行でき、キュー深度が効いてくるのはこのためです。',
    },
  },
  channel: {
    en: {
      term: 'channel',
      definition: 'A bus between the controller and a group of dies. Data moves over one channel at a time per bus, so 4 or 8 channels set a ceiling on sequential speed.',
    },
    ja: {
      term: 'チャネル',
      definition: 'コントローラと複数のダイをつなぐバスです。1 本のバスは同時に 1 つの転送しか運べないため、4 本や 8 本というチャネル数がシーケンシャル速度の上限を決めます。',
    },
  },
  throughput: {
    en: {
      term: 'throughput',
      definition: 'Data moved per second, in MB/s. Sequential copies are judged by throughput; for small random I/O, IOPS × transfer size gives the same number.',
    },
    ja: {
      term: 'スループット',
      definition: '1 秒あたりに転送したデータ量（MB/s）です。シーケンシャルなコピーはスループットで評価し、小さなランダム I/O では IOPS × 転送サイズが同じ値になります。',
    },
  },
  iops: {
    en: {
      term: 'IOPS',
      definition: 'I/O operations completed per second. 100,000 IOPS of 4 KiB reads is about 410 MB/s.',
    },
    ja: {
      term: 'IOPS',
      definition: '1 秒あたりに完了した I/O 操作の数です。4 KiB 読み出しで 100,000 IOPS なら約 410 MB/s に相当します。',
    },
  },
  latency: {
    en: {
      term: 'latency',
      definition: 'How long one request takes from issue to completion, in microseconds (µs) or milliseconds (ms). A flash read takes tens of µs; a write stuck behind an erase can take several ms.',
    },
    ja: {
      term: 'レイテンシ',
      definition: '1 件の要求を発行してから完了するまでの時間で、µs（マイクロ秒）や ms（ミリ秒）で表します。フラッシュの読み出しは数十 µs、消去待ちになった書き込みは数 ms かかることもあります。',
    },
  },
  'latency-percentile': {
    en: {
      term: 'latency percentile',
      definition: 'p50 (the median) is the latency half the requests beat; p99 the one 99% beat, so 1 request in 100 is slower. The far tail (p99.9, the max) shows rare stalls such as a write waiting for an erase, which the median and the average hide.',
    },
    ja: {
      term: 'レイテンシのパーセンタイル',
      definition: 'p50（中央値）は要求の半分がそれより速く終わるレイテンシ、p99 は 99% がそれより速く終わるレイテンシで、100 件に 1 件はそれより遅いという意味です。p99.9 や最大値のような遠い裾は、消去待ちの書き込みなど中央値や平均では見えない稀な停滞を示します。',
    },
  },
  'steady-state': {
    en: {
      term: 'steady state',
      definition: 'The speed a drive settles at once it is full and garbage collection runs all the time. For random writes it can be far below the fresh-drive speed a short benchmark reports.',
    },
    ja: {
      term: '定常状態',
      definition: 'ドライブが埋まり、ガベージコレクションが常に動くようになった後に落ち着く速度です。ランダム書き込みでは、短いベンチマークが示す新品時の速度を大きく下回ることがあります。',
    },
  },
  preconditioning: {
    en: {
      term: 'preconditioning',
      definition: 'Writing the drive before measuring (for example filling it once, then random-writing twice its capacity) so the result shows steady state rather than an empty drive.',
    },
    ja: {
      term: 'プリコンディショニング',
      definition: '測定前にドライブへ書き込んでおく準備です（例：一度全体を埋め、さらに容量の 2 倍をランダムに書く）。これで空のドライブではなく定常状態の性能を測れます。',
    },
  },
  hybrid: {
    en: {
      term: 'hybrid drive',
      definition: 'A small fast cache device in front of a big slow one: Optane in front of QLC (Intel H10), or 4 GB of SLC flash in front of a hard disk (Momentus XT). Only data the cache holds gets the fast path.',
    },
    ja: {
      term: 'ハイブリッドドライブ',
      definition: '大容量で遅いデバイスの前に、小さく速いキャッシュを置いたものです。QLC の前に Optane（Intel H10）、HDD の前に 4 GB の SLC フラッシュ（Momentus XT）などがあります。速くなるのはキャッシュにあるデータだけです。',
    },
  },
  'latency-breakdown': {
    en: {
      term: 'latency breakdown',
      definition: 'One command’s latency split into where its time went: the host, the firmware, a mapping lookup, waiting behind garbage collection or an erase, its own media read or program, the channel and the link. The parts add up to the whole, so a spike can be traced to its cause.',
    },
    ja: {
      term: 'レイテンシの内訳',
      definition: '1 つのコマンドのレイテンシを、時間の使われ方ごとに分けたものです。ホスト、ファームウェア、マッピング参照、ガベージコレクションや消去の待ち、自分自身のセル読み出しやプログラム、チャネルとリンクなど。各部分の合計が全体になるので、スパイクの原因をたどれます。',
    },
  },
  'tail-latency': {
    en: {
      term: 'tail latency',
      definition: 'The slowest few commands of a run, read at the high percentiles (p99 and above) and the maximum. A drive with a fast median can still stall 1 command in 1,000 behind an erase or GC, and an application waiting on many commands feels that tail, not the median.',
    },
    ja: {
      term: 'テールレイテンシ',
      definition: '実行中で最も遅い一握りのコマンドのレイテンシ（p99 以上のパーセンタイルと最大値）です。中央値が速いドライブでも、1,000 回に 1 回は消去や GC の後ろで待たされることがあり、多くのコマンドを待つアプリケーションが感じるのは中央値ではなくこの裾です。',
    },
  },
  qos: {
    en: {
      term: 'QoS (latency percentiles)',
      definition: 'How enterprise spec sheets state latency: the time within which 99 % or 99.99 % of 4 KiB random reads at queue depth 1 complete (only 1 read in 10,000 takes longer than the latter), for example “under 200 µs”.',
    },
    ja: {
      term: 'QoS（レイテンシのパーセンタイル）',
      definition: 'エンタープライズ SSD の仕様書でのレイテンシの示し方です。キュー深度 1 の 4 KiB ランダム読み出しのうち 99 % と 99.99 %（10,000 回に 1 回しか超えない値）が完了する時間を「200 µs 以内」のように示します。',
    },
  },
  'suspend-resume': {
    en: {
      term: 'program/erase suspend',
      definition: 'A die pauses a long program (hundreds of µs) or erase (milliseconds) so a waiting read can go first, then resumes it. Reads stop waiting behind writes and erases, at the cost of a little extra time for each resume.',
    },
    ja: {
      term: 'プログラム/消去のサスペンド',
      definition: 'ダイが時間のかかるプログラム（数百 µs）や消去（数 ms）を一時中断して待っている読み出しを先に通し、その後で再開する仕組みです。読み出しは書き込みや消去の後ろで待たなくなりますが、再開のたびに少し余分な時間がかかります。',
    },
  },
  hdd: {
    en: {
      term: 'hard disk (HDD)',
      definition: 'Spinning platters read by a moving head. Sequential transfers reach 100–200 MB/s, but each random access waits for a seek and rotation of several milliseconds.',
    },
    ja: {
      term: 'ハードディスク（HDD）',
      definition: '回転するプラッタを可動ヘッドで読み書きする装置です。シーケンシャル転送は 100〜200 MB/s に達しますが、ランダムアクセスのたびに数 ms のシークと回転待ちが発生します。',
    },
  },
} as const satisfies Record<string, GlossaryEntry>;

/** Every entry; `as const satisfies` keeps the ids as a literal union for `GlossaryId`. */
const ENTRIES = { ...CORE_ENTRIES, ...INSIDE_ENTRIES, ...PLACEMENT_ENTRIES, ...POWER_ENTRIES } as const satisfies Record<string, GlossaryEntry>;

export type GlossaryId = keyof typeof ENTRIES;

export const GLOSSARY: Readonly<Record<GlossaryId, GlossaryEntry>> = ENTRIES;

/**
 * Ids in the order the Glossary panel lists them (alphabetical by English term). One collator
 * for the whole sort: `localeCompare` with a locale builds one per comparison, tens of
 * milliseconds on every page's start.
 */
const BY_TERM = new Intl.Collator('en', { sensitivity: 'base' });
export const GLOSSARY_IDS: readonly GlossaryId[] = (Object.keys(ENTRIES) as GlossaryId[]).sort((a, b) => BY_TERM.compare(ENTRIES[a].en.term, ENTRIES[b].en.term));

export function isGlossaryId(value: string): value is GlossaryId {
  return Object.hasOwn(ENTRIES, value);
}

/** The anchor the Glossary panel gives each entry. */
export function glossaryAnchor(id: GlossaryId): string {
  return `glossary-${id}`;
}
