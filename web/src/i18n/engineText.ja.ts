// Japanese for what the engine names in English: enum values, series, axes, summary numbers,
// presets and figures, keyed by the engine's ids (never by its English). Closed sets (LabelId,
// AxisId) are Records over the generated types; open ones fall back to English and the contract
// tests list what is missing, so new engine text gets translated.
import type { AxisId } from '../engine/generated/AxisId';
import type { LabelId } from '../engine/generated/LabelId';

/** GC's victim choice, as the device's knob and the NAND lab's name it. */
const GC_POLICY = { greedy: 'グリーディ（有効ページ最少）', fifo: 'FIFO（古い順）', cost_benefit: 'コスト・ベネフィット' };

/** fio's rw choices, a job's and each tenant's. */
const RW_JA: Record<string, string> = {
  read: 'シーケンシャル読み出し',
  write: 'シーケンシャル書き込み',
  randread: 'ランダム読み出し',
  randwrite: 'ランダム書き込み',
  rw: 'シーケンシャル混在',
  randrw: 'ランダム混在',
  trim: 'シーケンシャル TRIM',
  randtrim: 'ランダム TRIM',
};

/** Enum option labels by knob path, then value. English comes from the engine (`option_labels`). */
export const OPTIONS_JA: Record<string, Record<string, string>> = {
  'workload.rw': RW_JA,
  // Each tenant's pattern: the same choices as a job's.
  'workload.tenant_1.rw': RW_JA,
  'workload.tenant_2.rw': RW_JA,
  'workload.tenant_3.rw': RW_JA,
  'workload.tenant_4.rw': RW_JA,
  'device.kind': { nand_ssd: 'NAND フラッシュ SSD', xpoint_ssd: '3D XPoint SSD', hdd: 'ハードディスク', hybrid: 'ハイブリッド（キャッシュ＋バッキング）' },
  'device.tier.cache': { xpoint_ssd: '3D XPoint', nand_ssd: 'NAND フラッシュ' },
  'device.tier.backing': { nand_ssd: 'NAND フラッシュ SSD', hdd: 'ハードディスク' },
  'device.tier.write_policy': { write_back: 'ライトバック（先にキャッシュへ）', write_around: 'ライトアラウンド（キャッシュを通さない）' },
  'device.tier.promotion': { on_access: 'アクセス時（読み出しの直後）', idle: 'ドライブがアイドルのとき' },
  'device.nand.cell': { slc: 'SLC（1 ビット/セル）', mlc: 'MLC（2 ビット/セル）', tlc: 'TLC（3 ビット/セル）', qlc: 'QLC（4 ビット/セル）' },
  'device.host_interface.kind': { pcie: 'PCIe（NVMe）', sata: 'SATA 6 Gb/s' },
  'device.gc.policy': GC_POLICY,
  'lab.gc_policy': GC_POLICY,
  'workload.profile': { default: 'デフォルト', nvme: 'NVMe SSD', custom: 'カスタムテスト' },
  'device.slc_cache.when_full': { direct: 'ネイティブブロックに直接書く', fold_first: '先にフォールディングして SLC に書き続ける' },
  'device.slc_cache.fold_schedule': { paced: 'ペース配分（書き込みごとに全プレーンで）', burst: 'バースト（1 ダイがまとめて）' },
  'device.controller.striping': { first_free: '先に空いたプレーン', fixed: '固定順' },
  'device.mapping.hmb.allocation_policy': { '0': '0：無効', '1': '1：最小サイズ', '2': '2：推奨サイズ' },
  'device.mapping.hmb.dirty_table': { sram: 'SRAM のみ：1 つずつ書き戻す', hmb: 'SRAM と HMB：一杯になったらすべてフラッシュ' },
  'workload.format': {
    auto: '自動判定',
    msr: 'MSR Cambridge',
    spc: 'SPC',
    alibaba: 'Alibaba',
    tencent: 'Tencent CBS',
    blkparse: 'blkparse のテキスト出力',
    fio_v2: 'fio iolog v2',
    fio_v3: 'fio iolog v3',
  },
  'workload.mode': { closed: 'クローズドループ（ドライブが受け付けしだい）', open: 'オープンループ（記録された時刻に）' },
  'workload.map.fit': { refuse: '実行を拒否', wrap: '先頭に折り返す', scale: 'ドライブに合わせて縮尺' },
  'workload.blkparse_event': { queue: 'キュー投入（Q）', complete: '完了（C）' },
  'device.fdp.isolation': { initially: '初期分離（GC はハンドルを混ぜてよい）', persistently: '永続分離（GC もハンドルを分ける）' },
  'device.zns.unwritten_read': { zeroes: 'ゼロを返す', error: 'エラー' },
  'workload.zone_writes': { write: '書き込み（順に）', write_locked: '書き込み（ゾーンごとに 1 つ）', append: 'ゾーンアペンド' },
  'workload.after_cleaning': { keep_open: 'オープンのまま', close: 'クローズ', finish: 'フィニッシュ' },
  'workload.dataplacement': { none: 'なし', fdp: 'FDP', streams: 'ストリーム' },
  'workload.blockcache_eviction': { lru: 'LRU（最も長く読まれていないもの）', fifo: 'FIFO（最も古く書かれたもの）' },
  'workload.plid_select': { roundrobin: '順番に', random: 'ランダム', scheme: 'アドレス範囲で' },
  'device.host_interface.lanes': { '1': 'x1', '2': 'x2', '4': 'x4', '8': 'x8', '16': 'x16' },
};

/**
 * Series labels by the engine's LabelId. A Record over the generated type, so a
 * label the engine adds is a type error until it is translated.
 */
export const LABELS_JA: Record<LabelId, string> = {
  read: '読み出し',
  write: '書き込み',
  random_read: 'ランダム読み出し',
  random_write: 'ランダム書き込み',
  write_speed_per_round: 'ラウンドごとの書き込み速度',
  cdm_test: 'CrystalDiskMark のテスト',
  write_speed_per_copy: 'コピーごとの書き込み速度',
  read_speed_per_run: '回ごとの読み出し速度',
  throughput: 'スループット',
  gc_copies: 'GC によるコピー',
  sram: 'SRAM',
  dram: 'DRAM',
  hmb: 'HMB',
  nand_miss: 'NAND（ミス）',
  latency_per_operation: '操作ごとのレイテンシ',
  write_amplification: '書き込み増幅（累積）',
  write_amplification_window: '書き込み増幅（区間ごと）',
  folding: 'フォールディング（SLC → ネイティブ）',
  slc_cache_data: 'SLC キャッシュ内のデータ',
  slc_cache_size: 'SLC キャッシュのサイズ',
  cache_hits: 'キャッシュからの読み出し',
  promotions: 'キャッシュへのプロモーション',
  cached_data: 'キャッシュ内のデータ',
  latency_cause: 'レイテンシの要因',
  placement_handle: 'FDP ハンドル',
};

/** Axis names by the engine's AxisId. */
export const AXES_JA: Record<AxisId, string> = {
  time: '時間',
  access_span: 'アクセス範囲',
  data_written: '書き込み量',
  operation: '操作',
  latency: 'レイテンシ',
  round: 'ラウンド',
  copy: 'コピー',
  transfer_size: '転送サイズ',
  test: 'テスト',
  throughput: 'スループット',
  waf: 'WAF',
  gc_copy_rate: 'GC コピー速度',
  table_lookups: 'テーブル参照',
  operations_at_or_below: 'この値以下の操作',
  operations_in_bin: 'この区間に入る操作',
  slc_cache: 'SLC キャッシュ',
  run: '回目',
  reads_from_cache: 'キャッシュからの読み出し',
  promotion_rate: 'プロモーション速度',
  cache_tier: 'キャッシュ層',
};

/**
 * Summary values by catalogue id (`summary_fields()`). Ids are data, so the
 * contract test lists any id of the engine's catalogue that is missing here.
 */
export const SUMMARY_JA: Record<string, string> = {
  read_mb_per_s: '読み出しスループット',
  write_mb_per_s: '書き込みスループット',
  read_iops: '読み出し IOPS',
  write_iops: '書き込み IOPS',
  'read_latency.count': '読み出し回数',
  'read_latency.mean_us': '読み出しレイテンシ平均',
  'read_latency.p50_us': '読み出しレイテンシ中央値',
  'read_latency.p99_us': '読み出しレイテンシ p99',
  'read_latency.p999_us': '読み出しレイテンシ p99.9',
  'read_latency.p9999_us': '読み出しレイテンシ p99.99',
  'read_latency.max_us': '読み出しレイテンシ最大',
  'write_latency.count': '書き込み回数',
  'write_latency.mean_us': '書き込みレイテンシ平均',
  'write_latency.p50_us': '書き込みレイテンシ中央値',
  'write_latency.p99_us': '書き込みレイテンシ p99',
  'write_latency.p999_us': '書き込みレイテンシ p99.9',
  'write_latency.p9999_us': '書き込みレイテンシ p99.99',
  'write_latency.max_us': '書き込みレイテンシ最大',
  host_read_bytes: 'ホスト読み出し量',
  host_written_bytes: 'ホスト書き込み量',
  host_trimmed_bytes: 'ホスト TRIM 量',
  nand_written_bytes: 'NAND 書き込み量',
  write_amplification: '書き込み増幅（WAF）',
  flash_operations: 'フラッシュ操作数',
  erases: 'ブロック消去回数',
  read_retries: 'リードリトライ回数',
  suspended_reads: 'プログラム／消去を中断した読み出し',
  reads_ahead_of_gc: 'GC より先に入れた読み出し',
  plane_utilisation_percent: 'プレーン稼働率',
  gc_runs: 'GC で回収したブロック',
  gc_moved_bytes: 'GC による移動量',
  wear_level_moves: 'ウェアレベリング対象',
  wear_level_moved_bytes: 'ウェアレベリングによる移動量',
  erase_count_max: '最大消去回数',
  erase_count_mean: '平均消去回数',
  endurance_used_percent: '寿命消費',
  estimated_tbw: '耐久性（TBW）',
  most_worn_block_tbw: '最も消耗したブロックで決まる耐久性（TBW）',
  raw_capacity_bytes: '物理 NAND 容量',
  user_capacity_bytes: 'ユーザー容量',
  op_percent: 'オーバープロビジョニング',
  spare_percent_of_raw: '物理容量に対する予備の割合',
  gc_spare_percent: 'GC が実際に使えた予備',
  working_blocks_per_plane: 'プレーンごとのファームウェア作業ブロック',
  map_sram_hit_percent: 'SRAM でヒットした参照（全参照に占める割合）',
  map_dram_hit_percent: 'DRAM でヒットした参照（全参照に占める割合）',
  map_hmb_hit_percent: 'HMB でヒットした参照（全参照に占める割合）',
  map_miss_percent: 'ミスした参照：表を NAND から読み出し',
  translation_page_reads: '変換ページ読み出し',
  translation_page_writes: '変換ページ書き込み',
  hmb_granted_bytes: 'HMB 割り当て量',
  hmb_table_bytes: 'テーブルを保持する HMB',
  hmb_covered_span_bytes: 'HMB テーブルがカバーする範囲',
  hmb_next_grant_bytes: 'より広くカバーする次の割り当て',
  hmb_next_covered_span_bytes: 'その割り当てでカバーする範囲',
  slc_cache_bytes: '開始時の SLC キャッシュのサイズ',
  slc_written_bytes: 'SLC キャッシュへの書き込み量',
  folded_bytes: 'ネイティブブロックへのフォールディング量',
  media_written_bytes: 'メディア書き込み量',
  media_operations: 'メディア操作数（4 KiB）',
  media_utilisation_percent: 'メディア稼働率',
  seeks: 'シーク回数',
  mean_seek_ms: '平均シーク時間',
  mean_rotation_ms: '平均回転待ち時間',
  read_cache_hit_percent: 'DRAM キャッシュからの読み出し',
  tier_read_hit_percent: 'キャッシュ層にヒットした読み出し',
  tier_promoted_bytes: 'プロモーション量',
  tier_written_back_bytes: 'バッキング層への書き戻し量',
  tier_evicted_bytes: 'キャッシュからの追い出し量',
  tier_cached_bytes: '終了時のキャッシュ内データ',
  trace_commands: '再生したトレースのコマンド数',
  trace_read_bytes: 'トレースの読み出し量',
  trace_written_bytes: 'トレースの書き込み量',
  trace_trimmed_bytes: 'トレースの TRIM 量',
  trace_footprint_bytes: 'ドライブ上のトレースのフットプリント',
  duration_s: 'シミュレーション時間',
  scale: 'スケール（ドライブの 1/N を模擬）',
  events: 'イベント数',
  truncated: '上限で停止',
  time_window_ms: 'スループット推移の集計幅',
  time_window_widened: '長い実行のため集計幅を拡大',
  zns_zones: 'ゾーン数',
  zns_zone_size_bytes: 'ゾーンサイズ',
  zns_zone_capacity_bytes: 'ゾーン容量',
  zns_device_write_amplification: 'デバイスの書き込み増幅（ゾーン）',
  zns_nand_written_bytes: 'NAND への書き込み（ゾーン）',
  zns_pad_bytes: 'フィニッシュによる埋め草',
  zns_zone_resets: 'ゾーンのリセット',
  zns_zones_finished: 'フィニッシュしたゾーン',
  zns_append_commands: 'ゾーンアペンド',
  zns_open_commands: 'ゾーンオープン（明示的）',
  zns_close_commands: 'ゾーンクローズ',
  zns_implicit_closes: 'オープン上限で閉じたゾーン',
  zns_unwritten_read_bytes: 'ライトポインタより先の読み出し（ゼロ）',
  zns_zones_empty: '終了時に空のゾーン',
  zns_zones_open: '終了時にオープンのゾーン',
  zns_zones_closed: '終了時にクローズのゾーン',
  zns_zones_full: '終了時に満杯のゾーン',
  zns_zones_read_only: '終了時に読み出し専用のゾーン',
  zns_zones_offline: '終了時にオフラインのゾーン',
  zns_errors: 'ゾーンの規則で拒否されたコマンド',
  zns_errors_boundary: 'Zone Boundary Error',
  zns_errors_zone_full: 'Zone Is Full',
  zns_errors_read_only: 'Zone Is Read Only',
  zns_errors_offline: 'Zone Is Offline',
  zns_errors_invalid_write: 'Zone Invalid Write（ライトポインタ以外への書き込み）',
  zns_errors_too_many_active: 'Too Many Active Zones',
  zns_errors_too_many_open: 'Too Many Open Zones',
  zns_errors_invalid_transition: 'Zone Invalid State Transition',
  zns_errors_unwritten_read: '拒否された未書き込みブロックの読み出し',
  zns_first_error_zone: '最初に拒否したゾーン（-1：なし）',
  zns_zones_with_errors: 'コマンドを拒否したゾーン',
  zns_erase_count_max: 'ゾーンの最大消去回数',
  host_data_set_bytes: 'ホストのデータセット',
  host_user_written_bytes: 'ユーザーデータの書き込み（ホストのストア）',
  host_copied_bytes: 'ホストの掃除によるコピー',
  host_write_amplification: 'ホストの書き込み増幅',
  end_to_end_write_amplification: '全体の書き込み増幅（ホスト × デバイス）',
  host_zone_cleanings: 'ホストが掃除したゾーン',
  host_victim_live_percent: '掃除したゾーンの有効データの割合',
};

export interface PresetText {
  title: string;
  description: string;
}

export const PRESETS_JA: Record<string, PresetText> = {
  '660p-like': {
    title: 'Intel 660p 風 QLC NVMe 512 GB：ドライブ全体への書き込み',
    description:
      'Intel SSD 660p 風の 512 GB ドライブ（記事 001）：Intel の 64 層 1 Tb QLC ダイが 4 個（チャネルごとに 1 個、4 プレーン、16 KiB ページ、16 MiB ブロック）、256 MiB の DRAM を持つ SM2263 クラスのコントローラー、PCIe 3.0 x4。ユーザー容量 512,110,190,592 バイトに対して NAND はちょうど 549,755,813,888 バイトです。QLC はワード線の 4 ページを 1 回 14.9 ms の操作でプログラムするので、1 ダイの書き込みは約 18 MB/s。1 ビット/セル（SLC モード）で使えば 1 ページのプログラムは 260 µs です。SLC キャッシュは静的 6 GB と、空いているネイティブ容量の 53 % を SLC として使う分：空のドライブで 74 GB、QLC セル 296 GB 分です。128 KiB、QD32 でドライブ全体を書くと：SLC へは約 1 GB/s、74 GB で崖、その後ホストのデータは QLC に直接書かれ、同時に各プレーンが、縮んでいくキャッシュに必要なペースで SLC のデータを QLC へフォールディングします（ペース配分のフォールディング）：約 61 MB/s で最後まで平坦、記事の計測（61.23 MB/s）どおりです。SLC キャッシュ比率と静的部分を 0 にすると崖はなく、最初のバイトから QLC の速度です。定格 100 TBW（Intel の 512 GB モデルの保証）で、サマリーはこれを耐久性として示します。',
  },
  '900p-like': {
    title: 'Intel Optane SSD 900P 風 280 GB：8 MiB 書き込みごとのレイテンシ（3D XPoint）',
    description:
      'Intel Optane SSD 900P 風の 280 GB ドライブ（記事 002）：PCIe 3.0 x4 リンクの後ろに 3D XPoint メディア、7 チャネル × 3 ダイ（16 GB のダイが 21 個）。XPoint のセルはビット単位でアドレスでき、その場で書き換えます：消去も、埋めていくページやブロックも、ガベージコレクションも書き込み増幅もなく、DRAM のライトバッファも要りません。4 KiB の各単位は 7 チャネルすべてにストライプされ（各チャネルで 1 ダイ）、メディアでは同時に 3 単位が動きます：1 単位の読み出しは 4 µs、書き込みは 6 µs なので、書き込みは 3 × 4 KiB / 6 µs = 2,048 MB/s、読み出しは（7 チャネル × 360 MB/s）2,520 MB/s、QD1 の 4 KiB 読み出しは約 10 µs です。記事 002 の方法：32 GB のファイルに 8 MiB のシーケンシャル書き込みを QD1 で行い、すべての操作の時間を計測します。どの書き込みも約 4.2 ms かかり、次の書き込みも同じです：バックグラウンドで動くものが何もないので、NAND ドライブのレイテンシが数回ごとに跳ね上がるのに対して、このドライブは平坦です。',
  },
  'hdd-5400-like': {
    title: '一般的な 2.5 インチ 5,400 rpm ノート PC 用ハードディスク：100 MB の範囲への 4 KiB～1 MiB のランダム読み出し（記事 004 の「通常の 2.5 インチ HDD」）',
    description:
      '2010 年ごろの一般的な 2.5 インチ 5,400 rpm ノート PC 用ハードディスク。記事 004 が Momentus XT のキャッシュと比べた（10 倍）「通常の 2.5 インチ HDD」です。わかっていること（このクラスの仕様書、Hitachi Travelstar 5K320/5K500）：平均読み出しシーク 12 ms、隣のトラックへ 1 ms（セトリング込み）、フルストロークは標準 20 ms・最大 25 ms（ここでは 22 ms：エンジンのシーク曲線は平方根より丸くできず、平均 12 ms にはこれが要ります）。5,400 rpm で 1 回転 11.1 ms、要求は最初のセクターまで平均 5.56 ms 待ちます。DRAM は 8 MiB。推定：ゾーン記録で外周 90 MB/s から内周 45 MB/s（このクラスの持続転送速度。記事には書かれていません）。Momentus XT と同じテスト：100 MB の範囲へのランダム読み出しをキュー深度 1 で、4 KiB から 1 MiB まで。各読み出しは少しシークし（約 1.1 ms）、半回転を待ちます。5,400 rpm では 7,200 rpm より 1.4 ms 長いので、4 KiB の読み出しは約 0.6 MB/s：Momentus XT のキャッシュの 5.3 MB/s はこのディスクの約 9 倍、自身のプラッターの 7 倍です。',
  },
  'hdd-7200-like': {
    title: '2.5 インチ 7,200 rpm 500 GB ハードディスク：100 MB の範囲への 4 KiB～1 MiB のランダム読み出し（記事 004、キャッシュなし）',
    description:
      'Seagate Momentus XT クラス（記事 004、NAND を除いたもの）の 2.5 インチ 7,200 rpm 500 GB ハードディスク：アームは隣のトラックへ 1 ms、平均 12 ms、端から端まで 22 ms でシークします。プラッターは 8.33 ms で 1 回転するので、要求は最初のセクターが回ってくるまで平均 4.17 ms 待ちます。ゾーン記録により、外周（容量の先頭）のトラックは 115 MB/s、内周は 60 MB/s。32 MiB の DRAM は読み出しのたびに先読みし、書き込みはプラッターに届く前にここで受け取ります。SATA。記事 004 の方法からウォームアップを除いたもの：100 MB の範囲へのランダム読み出しをキュー深度 1 で、転送サイズ 4 KiB から 1 MiB まで。範囲は数百トラックなので、各読み出しのシークは短く（約 1.1 ms）、半回転を待ちます：4 KiB の読み出しは毎秒約 180 回、0.75 MB/s。転送そのもの（外周ゾーンの速度）が時間の大半を占めるのは 256 KiB 以上からです。',
  },
  '970-evo-plus-like': {
    title: '970 EVO Plus 風 DRAM 搭載 NVMe（比較用）',
    description:
      'Samsung 970 EVO Plus 風の 500 GB ドライブ：9x 層 TLC の 8 チャネル × 2 ダイ × 2 プレーン（16 KiB ページ。ワード線の 3 ページを 1 回 1.7 ms の操作でプログラム、tR 48 µs）、PCIe 3.0 x4、アドレステーブル全体（容量の約 1/1000）より大きい 512 MiB の DRAM を搭載し、電源投入時にテーブルを読み込みます。TurboWrite は静的 4 GB と空き容量の 10.8 % からなる SLC キャッシュ（空のとき 22 GB）：32 プレーンがそれぞれ 16 KiB の SLC ページを 160 µs でプログラムして約 3.3 GB/s、キャッシュの後は TLC で約 900 MB/s です。コントローラーが処理できるのは毎秒最大 50 万回の読み出しと 58 万回の書き込み。テーブル参照はすべて DRAM にヒットし、更新されたセグメントも DRAM に置かれるため、ランダム読み書きはどのアクセス範囲でも平坦です。どの数値も仕様書の 20 % 以内：docs/spec-sheets.md を参照。定格 300 TBW（Samsung の 500 GB モデルの 5 年保証）で、サマリーはこれを耐久性として示します。',
  },
  'bg3-like': {
    title: 'BG3 風 DRAM レス NVMe（前世代）',
    description:
      'Toshiba BG3 風の 512 GB ドライブ：読み出しの遅い 64 層 TLC（tR 78 µs）の 2 チャネル × 4 ダイ × 2 プレーン、PCIe 3.0 x2、静的 4 GB と空き容量の 15 % からなる SLC キャッシュ、小さめの Host Memory Buffer（38 MiB、24 MiB のテーブル領域 1 つ）。カバー範囲の外では 2 本のチャネルが変換セグメントも運びます。書き込み：このモデルは、旧世代のファームウェアが変更済みのテーブルセグメントを SRAM だけでなく HMB のテーブル領域にも置き（変更済みの表：SRAM と HMB）、DRAM 搭載ドライブが DRAM に置くのと同じように扱い、一杯になると一度にすべてフラッシュしたと推定します：ランダム書き込みはそれがカバーする 26 GiB まで速度を保ち（記事 000：4〜32 GB で BG3 は BG4 より速い）、それを超えると、約 800 ページのテーブルのフラッシュの後ろで書き込みが約 20 ms 待ちます。Toshiba は記事に、BG4 は 100 ms を超えるレイテンシを避けるよう設計し直したと説明しました。BG3 が何をしていたかは公開されておらず、これは両方の効果を持つ最も単純な方針です。',
  },
  'bg4-like-hmb-64mb': {
    title: 'BG4 風 DRAM レス NVMe、HMB 64 MiB（最大）',
    description:
      'HostMemoryBufferBytes = 67108864（64 MiB、ドライブの最大値）とした BG4 風ドライブ：24 MiB のテーブル領域が 2 つ収まり、高速な範囲は 48 GiB まで伸びます。96 層 TLC（4 チャネル × 4 ダイ × 2 プレーン、16 KiB ページ、チャネル 660 MB/s、tR 50 µs）、PCIe 3.0 x4、静的 6 GB と空き容量の 20 % からなる SLC キャッシュ、アドレステーブル用に 1 MiB の SRAM を持つ DRAM レスのコントローラー（毎秒最大 40 万回の読み出しと 20 万回の書き込み）。テーブルは 32 KiB のセグメント（2 プレーン分のページ）単位で NAND から読みます。HMB の使い方は記事の 2 つの折れ点からこのモデルが推定したもので、Toshiba の資料によるものではありません。4 KiB あたり 4 バイトなら 61 MiB で 61 GiB、64 MiB で 64 GiB をカバーするはずですが、実測は 32 GiB 未満と約 48 GiB でした。バッファのうち 16 MiB を他のデータ用に確保し、残りを 24 MiB 単位のテーブル領域に分けるドライブなら両方を再現できます：61 MiB なら残り 45 MiB で 1 領域・24 GiB、64 MiB なら残り 48 MiB で 2 領域・48 GiB。書き込み：ホスト RAM は消えることがあり信頼できないため、更新されたテーブルセグメントはコントローラーの SRAM に置かれ、1 つずつ書き戻されます（変更済みの表：SRAM のみ）。更新するセグメントは、HMB に変更前のコピーがあっても NAND から読みます。長いフラッシュの後ろで待たされる書き込みはありません：Toshiba は記事に、100 ms を超えるレイテンシを避けるよう BG4 を設計し直したと説明しており、そのため 4〜32 GB では BG3 より遅くなりました。HMB がないと、ブロック表や摩耗の表が SRAM を分け合い、変更済みの表に使えるのは 1 MiB（1 GiB 分）。HMB があるとそれらの表が 16 MiB の予約領域に移り、SRAM がさらに 1 MiB 変更済みの表を持てます（2 GiB 分）：記事の、HMB ありで 2 GB まで保つ書き込みと、48 GB で並ぶまで HMB ありがわずかに上回る結果です。HMB が SRAM を空けるというのは記事自身の推測で、空ける 1 MiB は 2 GB の折れ点に合わせた値です。範囲を超えると、ランダム書き込みのたびに表のセグメントを 1 つ読み、1 つ書き戻します。',
  },
  'bg4-like-hmb-off': {
    title: 'BG4 風 DRAM レス NVMe、HMB 無効',
    description:
      'HMB を無効にした（HmbAllocationPolicy 0）BG4 風ドライブ：96 層 TLC（4 チャネル × 4 ダイ × 2 プレーン、16 KiB ページ、チャネル 660 MB/s、tR 50 µs）、PCIe 3.0 x4、静的 6 GB と空き容量の 20 % からなる SLC キャッシュ、アドレステーブル用に 1 MiB の SRAM を持つ DRAM レスのコントローラー（毎秒最大 40 万回の読み出しと 20 万回の書き込み）。テーブルは 32 KiB のセグメント（2 プレーン分のページ）単位で NAND から読みます。テーブルをキャッシュするのはコントローラーの 1 MiB の SRAM だけなので、ランダム読み出しが速いのは約 1 GiB の範囲までで、2 GiB からは読み出しのたびに先に NAND から変換セグメントを読むため、底（ここでは約 280 MB/s、記事では 300 MB/s 強）まで落ちます。書き込み：変更されたテーブルセグメントはコントローラーの SRAM に置かれ、1 つずつ書き戻されます。HMB がないとブロック表や摩耗の表がその SRAM を分け合い、変更済みの表に使えるのは 1 MiB なので、ランダム書き込みが速度を保つのは 1 GiB の範囲まで（61 MiB の HMB があれば 2 GiB まで）です。',
  },
  'bg4-like': {
    title: 'BG4 風 DRAM レス NVMe、HMB 61 MiB（既定）',
    description:
      'Toshiba BG4 風の 512 GB ドライブ（記事 000）：96 層 TLC（4 チャネル × 4 ダイ × 2 プレーン、16 KiB ページ、チャネル 660 MB/s、tR 50 µs）、PCIe 3.0 x4、静的 6 GB と空き容量の 20 % からなる SLC キャッシュ、アドレステーブル用に 1 MiB の SRAM を持つ DRAM レスのコントローラー（毎秒最大 40 万回の読み出しと 20 万回の書き込み）。テーブルは 32 KiB のセグメント（2 プレーン分のページ）単位で NAND から読みます。ホストはドライブの推奨サイズ 61 MiB の Host Memory Buffer を割り当てます（Windows の HmbAllocationPolicy 2）。1〜64 GB の範囲での QD32 の 4 KiB ランダム読み出し：テーブルセグメントが SRAM + HMB（24 GiB 分）に収まるうちは速く、それを超えると読み出しごとに先に NAND から変換セグメントが必要になり、速度は HMB 無効時の底（約 280 MB/s。4 本のチャネルを渡る 32 KiB のセグメントで決まる）に向かいます。HMB の使い方は記事の 2 つの折れ点からこのモデルが推定したもので、Toshiba の資料によるものではありません。4 KiB あたり 4 バイトなら 61 MiB で 61 GiB、64 MiB で 64 GiB をカバーするはずですが、実測は 32 GiB 未満と約 48 GiB でした。バッファのうち 16 MiB を他のデータ用に確保し、残りを 24 MiB 単位のテーブル領域に分けるドライブなら両方を再現できます：61 MiB なら残り 45 MiB で 1 領域・24 GiB、64 MiB なら残り 48 MiB で 2 領域・48 GiB。書き込み：ホスト RAM は消えることがあり信頼できないため、更新されたテーブルセグメントはコントローラーの SRAM に置かれ、1 つずつ書き戻されます（変更済みの表：SRAM のみ）。更新するセグメントは、HMB に変更前のコピーがあっても NAND から読みます。長いフラッシュの後ろで待たされる書き込みはありません：Toshiba は記事に、100 ms を超えるレイテンシを避けるよう BG4 を設計し直したと説明しており、そのため 4〜32 GB では BG3 より遅くなりました。HMB がないと、ブロック表や摩耗の表が SRAM を分け合い、変更済みの表に使えるのは 1 MiB（1 GiB 分）。HMB があるとそれらの表が 16 MiB の予約領域に移り、SRAM がさらに 1 MiB 変更済みの表を持てます（2 GiB 分）：記事の、HMB ありで 2 GB まで保つ書き込みと、48 GB で並ぶまで HMB ありがわずかに上回る結果です。HMB が SRAM を空けるというのは記事自身の推測で、空ける 1 MiB は 2 GB の折れ点に合わせた値です。範囲を超えると、ランダム書き込みのたびに表のセグメントを 1 つ読み、1 つ書き戻します。',
  },
  'h10-like': {
    title: 'Optane H10 風：QLC 側を 32 GB の 3D XPoint でキャッシュ、アプリケーションを 4 回読み込み（記事 001）',
    description:
      'Intel Optane Memory H10 風のモジュール（記事 001）：32 GB の 3D XPoint（2 チャネル、4 KiB の読み出し 3 µs、書き込み 12 µs）が、後ろにある h10-qlc-like の 512 GB QLC ドライブを Intel RST と同じやり方でキャッシュします：書き込みはまず XPoint に入り、後で QLC に届きます（ライトバック）。QLC から読んだブロックはどれも読み出しの直後に XPoint へコピーされ（アクセス時のプロモーション）、キャッシュが満杯なら最も長く使われていないものが追い出されます。ワークロードはアプリケーションの読み込みの代わりです：4 GiB のファイルに対する QD1 の 16 KiB ランダム読み出しを、同じ順序で 4 回、間に 5 秒のアイドルを挟んで行います。1 回目の読み込みは、2 度読むブロックを除いて QLC から読みます（ページのセンシングに 150 µs）。2 回目からはすべてのブロックが XPoint にあり、読み込みは数倍速くなります。読み込み中のホスト自身の処理はモデル化していないので、速くなった分はストレージだけによるものです。アプリケーションのファイルをピン留めしても（device.tier.pin_*）ここでは何も変わりません：ピン留めは他のデータによる追い出しを防ぐだけで、32 GB を奪い合うものが他にないからです。',
  },
  'fdp-ssd-like-cache': {
    title: 'FDP SSD 風、ドライブ全体のフラッシュキャッシュ、FDP あり',
    description:
      'CacheLib が測った 1.88 TB クラスの、NVMe Flexible Data Placement 対応エンタープライズ TLC ドライブ（issue 45）。公開情報：ユーザー容量 1.88 TB。ホストが配置 ID で選ぶ再利用単位ハンドルを持つ FDP。ワークロードは CacheLib のフラッシュキャッシュ（BigHash がキャッシュの 4 %、残りが BlockCache）で、最初にネームスペース全体を解放します。推定（非公開）：生の TLC は 2 TiB（オーバープロビジョニング 17 %）、4 チャネル × 2 ダイ × 2 プレーン、4 MiB のブロック（再利用単位は全プレーンのブロック 1 つずつ、64 MiB：FEMU の既定値）、ハンドル 8 個で初期分離、グリーディ GC、PCIe 4.0 x4。ワークロードの推定部分（書き込むバイトのうち BigHash の割合）は docs/placement.md にあります。ここでは FDP が有効：BigHash は配置 ID 1、BlockCache は 2 で書き、それぞれ自分の再利用単位に入ります。',
  },
  'fdp-ssd-like-cache-no-fdp': {
    title: 'FDP SSD 風、ドライブ全体のフラッシュキャッシュ、FDP なし',
    description:
      'CacheLib が測った 1.88 TB クラスの、NVMe Flexible Data Placement 対応エンタープライズ TLC ドライブ（issue 45）。公開情報：ユーザー容量 1.88 TB。ホストが配置 ID で選ぶ再利用単位ハンドルを持つ FDP。ワークロードは CacheLib のフラッシュキャッシュ（BigHash がキャッシュの 4 %、残りが BlockCache）で、最初にネームスペース全体を解放します。推定（非公開）：生の TLC は 2 TiB（オーバープロビジョニング 17 %）、4 チャネル × 2 ダイ × 2 プレーン、4 MiB のブロック（再利用単位は全プレーンのブロック 1 つずつ、64 MiB：FEMU の既定値）、ハンドル 8 個で初期分離、グリーディ GC、PCIe 4.0 x4。ワークロードの推定部分（書き込むバイトのうち BigHash の割合）は docs/placement.md にあります。ここでは FDP が無効（普通のドライブ）：キャッシュの 2 つのエンジンは ID なしで書き、ドライブは両者のデータを同じブロックに混ぜます。',
  },
  'fdp-ssd-like-cache-half': {
    title: 'FDP SSD 風、ドライブの半分のフラッシュキャッシュ、FDP あり',
    description:
      'CacheLib が測った 1.88 TB クラスの、NVMe Flexible Data Placement 対応エンタープライズ TLC ドライブ（issue 45）。公開情報：ユーザー容量 1.88 TB。ホストが配置 ID で選ぶ再利用単位ハンドルを持つ FDP。ワークロードは CacheLib のフラッシュキャッシュ（BigHash がキャッシュの 4 %、残りが BlockCache）で、最初にネームスペース全体を解放します。推定（非公開）：生の TLC は 2 TiB（オーバープロビジョニング 17 %）、4 チャネル × 2 ダイ × 2 プレーン、4 MiB のブロック（再利用単位は全プレーンのブロック 1 つずつ、64 MiB：FEMU の既定値）、ハンドル 8 個で初期分離、グリーディ GC、PCIe 4.0 x4。ワークロードの推定部分（書き込むバイトのうち BigHash の割合）は docs/placement.md にあります。ここではキャッシュがドライブの 50 % を使い（残りは一度も書かれず、ドライブの予備になる）、FDP は有効です。',
  },
  'fdp-ssd-like-tenants': {
    title: 'FDP SSD 風、2 つのテナント（ログとランダム書き込み）、FDP あり',
    description:
      'フラッシュキャッシュのプリセットと同じ FDP SSD 風ドライブ（1.88 TB クラス、生の TLC 2 TiB、再利用単位 64 MiB。推定はそちらと同じ）。ここでは 8 個のハンドルを永続分離にし、fio のジョブファイルの 2 つのセクションのように同時に動く 2 つのテナントで共有します（issue 45：それぞれの配置 ID を持つマルチテナントのジョブ）。テナント 1 はログ：900 GiB の領域に 128 KiB のシーケンシャル書き込み、同じ順に上書き、配置 ID 1。テナント 2 はその次の 800 GiB に 4 KiB のランダム書き込み、配置 ID 2。公開情報：FDP の再利用単位ハンドルと fio の dataplacement / plids オプション。2 テナントの形は FDP のよくある実演。推定：領域、キュー、書き込み量。FDP では各テナントのデータが専用の再利用単位に入ります：ログの単位は一周するたびに丸ごと空になり（そのハンドルの書き込み増幅は約 1）、ランダムのテナントの書き込み増幅は、ログが残した予備での Desnoyers のグリーディモデルになります。',
  },
  'fdp-ssd-like-tenants-no-fdp': {
    title: 'FDP SSD 風、2 つのテナント（ログとランダム書き込み）、FDP なし',
    description:
      '上と同じドライブと 2 つのテナント（ログとランダム書き込み）で、FDP を無効にしたもの。両方のテナントの書き込みがすべてのブロックを共有するため、ガベージコレクションはランダムのテナントのデータと一緒にログのデータもコピーし、ドライブの書き込み増幅が上がります。',
  },
  'fdp-ssd-like-cache-half-no-fdp': {
    title: 'FDP SSD 風、ドライブの半分のフラッシュキャッシュ、FDP なし',
    description:
      'CacheLib が測った 1.88 TB クラスの、NVMe Flexible Data Placement 対応エンタープライズ TLC ドライブ（issue 45）。公開情報：ユーザー容量 1.88 TB。ホストが配置 ID で選ぶ再利用単位ハンドルを持つ FDP。ワークロードは CacheLib のフラッシュキャッシュ（BigHash がキャッシュの 4 %、残りが BlockCache）で、最初にネームスペース全体を解放します。推定（非公開）：生の TLC は 2 TiB（オーバープロビジョニング 17 %）、4 チャネル × 2 ダイ × 2 プレーン、4 MiB のブロック（再利用単位は全プレーンのブロック 1 つずつ、64 MiB：FEMU の既定値）、ハンドル 8 個で初期分離、グリーディ GC、PCIe 4.0 x4。ワークロードの推定部分（書き込むバイトのうち BigHash の割合）は docs/placement.md にあります。ここではキャッシュがドライブの 50 % を使い（残りは一度も書かれない：CacheLib の本番環境が最大 50 % 使うホスト側のオーバープロビジョニング）、FDP は無効です。',
  },
  'zn540-like-zoned-log': {
    title: 'ZN540 風ゾーンドドライブ、ホストのログ構造ストア',
    description:
      'Western Digital Ultrastar DC ZN540 風のゾーンド NVMe ドライブ（issue 45）。公開情報：96 層 3D TLC、ZNS コマンドセット 1.0 対応の NVMe 1.3c コントローラー、U.2、ゾーンが残す分を除きオーバープロビジョニングなし。ゾーン：容量 1077 MiB、オープンとアクティブのゾーンは最大 14（ドライブの利用者の報告による。ゾーンサイズは 2 GiB で、容量より先の LBA は書かれない。モデルのゾーンはゾーンが持つフラッシュなので、ゾーンサイズは容量に等しい：推定）。ジオメトリとタイミングは公開されておらず推定：8 チャネル × 4 ダイ × 2 プレーン、16 KiB ページ、ゾーンは各プレーンの 1 ブロック（1 ブロック 1077 ページ × 16 KiB）、TLC のデータシートのタイミング、PCIe 3.0 x4。ゾーンは約 1 TB。ホストはその上でログ構造ストアを動かします（ZenFS 風）：容量の 65 % がデータで、ランダムに上書きされます。有効データが最も少ないゾーンを掃除してリセットするので、ガベージコレクションはホストが行い、ドライブの書き込み増幅は 1 のままです。',
  },
  'h10-like-pinned': {
    title: 'Optane H10 風、アプリケーションのファイルをピン留め（記事 001）',
    description:
      'アプリケーションの 4 GiB を XPoint キャッシュにピン留めした H10 風モジュール。Intel RST ではユーザーがファイルやフォルダーをピン留めできます：ピン留めしたブロックは最初の読み出しでキャッシュされ、他のデータのために追い出されることはありません。記事ではピン留めしても読み込み時間はほとんど変わらず、このモデルも同じです：1 回目の読み込みはやはり QLC から読み（ピン留めは残すものを選ぶだけで、先読みはしません）、32 GB を奪い合うものが他にないので、ピン留めしなくてもキャッシュはファイルを保持し続けます。',
  },
  'momentus-xt-like': {
    title: 'Momentus XT 風ハイブリッドディスク：ウォームアップ後に 100 MB の範囲への 4 KiB～1 MiB のランダム読み出し（記事 004、キャッシュあり）',
    description:
      'Seagate Momentus XT 風の 500 GB ハイブリッドディスク（記事 004）：hdd-7200-like のドライブ（7,200 rpm、平均シーク 12 ms、DRAM 32 MiB）に、ドライブ自身のコントローラーが読み出しキャッシュとして使う 4 GB の SLC NAND を加えたもの。コントローラーは 4 KiB の各ブロックが読まれた回数を数えます：2 回読まれたブロックが候補になり、候補がプラッターから NAND へコピーされるのはホストが 1 秒アイドルになってからだけで、読み出しが続いている間は決してコピーしません。書き込みは NAND を素通りしてプラッターへ行き（書かれたデータのキャッシュ上のコピーは捨てられます）、キャッシュは電源を切っても残ります。記事 004 の方法：100 MB の範囲に 4 KiB のシーケンシャル読み出しを 10 秒（記事は 10 分。ここでは各ブロックが約 6 回読まれます）、60 秒のアイドル、その後この範囲に 4 KiB から 1 MiB のランダム読み出しをキュー深度 1 で。その時点ですべてのブロックが NAND にあるので、プラッターに触れる読み出しはありません：4 KiB の読み出しは 0.8 MB/s ではなく約 5.3 MB/s（記事：5.23）、大きな読み出しは約 60 MB/s になります。チップは 4 KiB のページを 25 µs で読み、65 MB/s で転送しますが、キャッシュされた 4 KiB の読み出しには約 0.78 ms かかります：残り（ここでは 0.6 ms、「ヒット時の処理時間」）はドライブのファームウェアがブロックを探してコマンドを振り分ける時間で、記事の数値が示しているのもそれです。この固定のコストのため、キャッシュが勝つのは 512 KiB まで：768 KiB からはプラッターの 60～115 MB/s のストリームが追いつきます。',
  },
  'momentus-xt-like-not-cached': {
    title: 'Momentus XT 風ハイブリッドディスク、キャッシュなし：100 MB の範囲への 4 KiB～1 MiB のランダム読み出し（記事 004）',
    description:
      '記事 004 の Momentus XT 風ドライブをウォームアップなしで（記事の「キャッシュなし」の計測。範囲は 100 MB 先）：4 KiB～1 MiB のランダム読み出しはすぐに始まって一度も止まらないので、コントローラーはブロックをコピーするためのアイドル時間を得られず、すべての読み出しがプラッターへ行きます：どれも短いシークと半回転の待ちで、4 KiB で 0.8 MB/s、転送サイズとともに上がって 1 MiB で約 73 MB/s です。',
  },
  'h10-qlc-like': {
    title: 'Optane H10 風の QLC 側（PCIe 3.0 x2）：ドライブ全体への書き込み',
    description:
      'Intel Optane Memory H10 風モジュールの QLC 側（記事 001）：660p 風ドライブと同じ NAND、コントローラー、SLC キャッシュ（静的 6 GB と空き容量の 53 %、空のとき 74 GB）を専用の PCIe 3.0 x2 リンクの後ろに置きます。リンクは 1.63 GB/s（効率 82.6 %）なので、660p 風ドライブなら約 1.75 GB/s に達するシーケンシャル読み出しも 1,626 MB/s で止まります。わかっていること（記事と AnandTech のレビュー）：660p と同じ SM2263 コントローラー、256 MB の DRAM、1 つの QLC パッケージを持ち、コントローラーと 2 レーンの PCIe は QLC 側専用です（Optane 側は別のものを持ち、記事はキャッシュを切って両者を別々に計測したので、この書き込みには Optane 側も Intel RST も関わりません）。CrystalDiskMark では x2 のシーケンシャル読み出しを除いて 660p と誤差の範囲で（SLC キャッシュの中で収まる計測です）、キャッシュの後は、筆者にも理由のわからない別のファームウェアの調整が見えました。推測してフィットしたのは 2 つです。バーストでのフォールディング：同じく 74 GB の崖の後、SLC のデータが縮んでいくキャッシュを 1.5 GB 超えるまでためてから、その 1 バッチを 1 ダイがまとめてフォールディングします。ホストのデータは固定順でダイにストライプされるので、どのストライプもフォールディング中のダイを待ち、速度は約 18 MB/s に落ちます。遅い QLC プログラム：ワード線 1 本に 17.4 ms（660p 風は 14.9 ms、1 ダイ 18 MB/s のところ 15 MB/s）。落ち込みの間に QLC へ 60 MB/s、記事の水準で書くようにフィットした値です。公表されている QLC ダイのプログラム速度は 12～30 MB/s で、ダイのプログラム速度はファームウェアが設定するトリムで決まります（ある 3D NAND の論文では同じチップを 3,000 回の耐久で 50 MB/s、35,000 回なら 33 MB/s で動かしています）。SLC に書き込む CrystalDiskMark には見えない違いです。崖の後、図のサンプルの平均は約 50 MB/s です（記事：平均 47.05 MB/s、約 20 まで落ちて約 60 に回復）。どちらも Intel の資料によるものではありません：「フォールディング」をペース配分に切り替えると落ち込みは消え（52 MB/s で平坦）、「プログラム時間（tPROG）」を 14,900 µs にすると落ち込みの間は 660p の 70 MB/s に戻ります。',
  },
  'tlc-crystaldiskmark': {
    title: 'TLC NVMe：CrystalDiskMark の一式',
    description:
      'CrystalDiskMark の 4 テスト（SEQ1M Q8T1、SEQ1M Q1T1、RND4K Q32T1、RND4K Q1T1）を、満杯のドライブ上の 1 GiB のテストファイルに対して読み出し、続いて書き込みの順に実行し、それぞれ 1 秒のアイドルのインターバルの後に 1 秒間計測します（CrystalDiskMark 自体は 5 秒と 5 秒）。シーケンシャル読み出しは PCIe 3.0 x4 リンク（プロトコルのオーバーヘッド後 3.3 GB/s）で頭打ち、RND4K Q1T1 はコマンドごとに tR 1 回とファームウェア・ホスト・転送の時間、書き込みはプログラム時間で制限されます：16 プレーン × 3 ページ × 16 KiB を 1.8 ms のワンショットプログラムで、約 437 MB/s（このドライブには SLC キャッシュなし）。テストファイルは、CrystalDiskMark が準備するのと同じく先に書き込みます。',
  },
  'tlc-latency-trace': {
    title: 'TLC NVMe：8 MiB 書き込みごとのレイテンシ',
    description:
      '記事 002 の方法を NAND ドライブで：6 GiB のファイルに 8 MiB のシーケンシャル書き込みを QD1 で行い、すべての操作の時間を計測します。4 MiB のライトバッファが埋まると各書き込みはプログラムを待ち（約 19 ms：16 プレーンがそれぞれ 3 × 16 KiB ページのワード線を 1 回 1.8 ms の操作でプログラム）、24 回ごとに 16 個の 12 MiB のオープンブロックが同時に満杯になり、新しいブロックを先に消去する必要があります（tBERS 3.5 ms）。これが記事で見られた周期的なスパイクです。',
  },
  'tlc-read-latency-trace': {
    title: 'TLC NVMe、摩耗あり：8 MiB 読み出しごとのレイテンシ',
    description:
      '記事 002 の読み出しを、いくらか摩耗した NAND ドライブで：6 GiB のファイルを書いて（ドライブを満杯にして）から、8 MiB のシーケンシャル読み出しを QD1 で行い、すべての操作の時間を計測します。1 回の読み出しは 16 プレーンにわたる 512 ページの読み出しで、800 MB/s の 4 チャネルが要する約 2.7 ms かかります。リードリトライが有効です：ビットエラーが ECC の訂正能力を超えたページは、そのデータがデコーダーに届いた後で読み出し電圧をずらして読み直され、1 回ごとに tR（60 µs）と転送がもう一度かかります。その多くはほかのプレーンの転送に隠れ、残りがスパイクになります。わかっていること：リードリトライのテーブルと読み直しの手順（Linux MTD にある Micron の手順：MLC 品で 8 モード）、生のビットエラーと最適な読み出し電圧が P/E の摩耗とデータの経過時間とともに変わること（Cai ら、DATE 2012、HPCA 2015）。測定ではなく合わせた値：リトライが必要なページ読み出しの割合は新品で 0.002 %、定格 3,000 P/E で 0.1 %（このドライブの事前の 800 P/E では 0.028 %）、リトライ回数は 1〜8 回が同じ確率。8 MiB の読み出しの約 8 回に 1 回がリトライするページに当たり、約 20 回に 1 回がスパイクになるよう選びました。記事は読み出しの数値を示しておらず、リテンションはモデル化していません。',
  },
  'tlc-random-read': {
    title: 'TLC NVMe：4 KiB ランダム読み出し、QD32',
    description:
      '小さな 3D TLC ドライブ（4 チャネル × 2 ダイ × 2 プレーン、16 KiB ページ、4 MiB ブロック、NAND 16 GiB、PCIe 3.0 x4）が、シーケンシャルに満杯まで書いた後、1 GiB の範囲で QD32 の 4 KiB ランダム読み出しに応答します。スループットを決めるのはプレーンの読み出し時間（tR 60 µs）：全プレーンが常に動けば 16 プレーン / 60 µs で約 27 万 IOPS ですが、ランダムな配置で遊ぶプレーンが出るため、800 MB/s 前後になります。',
  },
  'tlc-steady-state-random-write': {
    title: 'TLC NVMe：定常状態までのランダム書き込み',
    description:
      'OP 7 % の満杯のドライブ全体に、QD32 の 4 KiB ランダム書き込みを 1 GiB ずつのラウンドで行います。最初のラウンドでは予備領域の空きブロックがまだありますが、その後はグリーディ GC がホストの 1 単位ごとに約 8 単位の有効データを移動する必要があり（残る予備に対する Desnoyers モデルに近い書き込み増幅）、ホストのスループットはプレーンのプログラム能力をそれで割った値に落ち着きます。',
  },
  'tlc-whole-drive-write': {
    title: 'TLC NVMe：ドライブ全体へのシーケンシャル書き込み',
    description:
      '空のドライブ全体に QD32 で 128 KiB のシーケンシャル書き込みを行い、書き込み量に対するスループットを描きます。SLC キャッシュがないので、線はプレーンのプログラム帯域（16 プレーン × 3 ページ × 16 KiB を 1.8 ms のワンショットプログラムで、約 437 MB/s）で平坦です。',
  },
  'ssd520-like': {
    title: 'SSD 520 風（SandForce）、OP 0 %：定常状態までのランダム書き込みラウンド',
    description:
      'Intel SSD 520 風の 240 GB SATA ドライブ（記事 003）：データを圧縮してから書く SandForce SF-2281 風のコントローラー、25 nm プレーナー MLC の 8 チャネル × 4 ダイ × 2 プレーン（8 KiB ページを 1 ページずつプログラム、2 MiB ブロック、tPROG 1.25 ms、tBERS 3 ms。コントローラーが処理できるのは毎秒最大 5 万回の読み出しと 8 万回の書き込み）。NAND 256 GiB（274.9 GB）に対してユーザー容量 240 GB なので、「OP 0 %」でも 14.5 % の予備があります。SATA 6 Gb/s で約 550 MB/s、圧縮できないデータのプログラム速度は 64 プレーン × 8 KiB / 1.25 ms = 419 MB/s で、記事のファイルコピーの 417 MB/s です。満杯にしてから、30 GB ずつのラウンドでランダム（圧縮できない）データを 4 KiB QD32 でランダムに上書きします。最初のラウンドはまだ消去済みブロックがありますが、その後はグリーディ GC が各犠牲ブロックの有効データを移動する必要があり、書き込み速度は定常状態（容量の約 2 倍の書き込み後）に落ち着きます。OP 20 % やゼロ埋めデータと比べてください。定格 36.5 TB（Intel：1 日 20 GB を 5 年間）で、サマリーはこれを耐久性として示します。',
  },
  'ssd520-like-op20': {
    title: 'SSD 520 風、OP 20 %（見える容量 192 GB）：定常状態までのランダム書き込みラウンド',
    description:
      'Intel SSD 520 風の 240 GB SATA ドライブ（記事 003）：データを圧縮してから書く SandForce SF-2281 風のコントローラー、25 nm プレーナー MLC の 8 チャネル × 4 ダイ × 2 プレーン（8 KiB ページを 1 ページずつプログラム、2 MiB ブロック、tPROG 1.25 ms、tBERS 3 ms。コントローラーが処理できるのは毎秒最大 5 万回の読み出しと 8 万回の書き込み）。NAND 256 GiB（274.9 GB）に対してユーザー容量 240 GB なので、「OP 0 %」でも 14.5 % の予備があります。SATA 6 Gb/s で約 550 MB/s、圧縮できないデータのプログラム速度は 64 プレーン × 8 KiB / 1.25 ms = 419 MB/s で、記事のファイルコピーの 417 MB/s です。ここではユーザー容量の 20 % をファームウェアの予備として隠します（HDAT2 の Host Protected Area、記事のレベル 1）：見えるのは 192 GB なので、GC が持つ予備は 274.9 / 192 − 1 = 43 %。同じランダム書き込みラウンドでも定常状態での低下はずっと小さくなります。',
  },
  'ssd520-like-zero-fill': {
    title: 'SSD 520 風、OP 0 %：同じラウンドをゼロ埋めデータで',
    description:
      'Intel SSD 520 風の 240 GB SATA ドライブ（記事 003）：データを圧縮してから書く SandForce SF-2281 風のコントローラー、25 nm プレーナー MLC の 8 チャネル × 4 ダイ × 2 プレーン（8 KiB ページを 1 ページずつプログラム、2 MiB ブロック、tPROG 1.25 ms、tBERS 3 ms。コントローラーが処理できるのは毎秒最大 5 万回の読み出しと 8 万回の書き込み）。NAND 256 GiB（274.9 GB）に対してユーザー容量 240 GB なので、「OP 0 %」でも 14.5 % の予備があります。SATA 6 Gb/s で約 550 MB/s、圧縮できないデータのプログラム速度は 64 プレーン × 8 KiB / 1.25 ms = 419 MB/s で、記事のファイルコピーの 417 MB/s です。同じラウンドでゼロを書きます：コントローラーは 4 KiB を 512 バイトの 1 セクターに圧縮するので、NAND に届くのはデータの 8 分の 1、GC の犠牲ブロックはほぼ空で、速度を決めるのは NAND ではなくコントローラーの毎秒 8 万回の書き込み（4 KiB 書き込みで 328 MB/s）です。ゼロ埋めデータは決して遅くなりません（記事 003）。',
  },
  'ssd520-like-cdm-stress': {
    title: 'SSD 520 風（SandForce）、OP 0 %：4 GB の空き領域での記事の CrystalDiskMark ストレステスト',
    description:
      'Intel SSD 520 風の 240 GB SATA ドライブ（記事 003）：データを圧縮してから書く SandForce SF-2281 風のコントローラー、25 nm プレーナー MLC の 8 チャネル × 4 ダイ × 2 プレーン（8 KiB ページを 1 ページずつプログラム、2 MiB ブロック、tPROG 1.25 ms、tBERS 3 ms。コントローラーが処理できるのは毎秒最大 5 万回の読み出しと 8 万回の書き込み）。NAND 256 GiB（274.9 GB）に対してユーザー容量 240 GB なので、「OP 0 %」でも 14.5 % の予備があります。SATA 6 Gb/s で約 550 MB/s、圧縮できないデータのプログラム速度は 64 プレーン × 8 KiB / 1.25 ms = 419 MB/s で、記事のファイルコピーの 417 MB/s です。記事 003 のストレステストを記事のとおりに：空きが 4 GB（Windows の GB、4 GiB）になるまで埋め、その空き領域で CrystalDiskMark 3 を 12 回実行します（4000 MB のランダムデータのテストファイル、テスト回数 9）。各ラウンドはテストファイルを書き、4 つの書き込みテスト（SEQ1M Q1T1、RND512K Q1T1、RND4K Q1T1、RND4K Q32T1）をそれぞれ 9 回実行し、各テストの最良の結果を自分の線の 1 点にして、ファイルを削除します（Windows が TRIM を送る）。記事は 1 ラウンドを 36 GB（9 × 4000 MB）と数えています。エンジンはこの 36 GB を 36 回のテスト実行で均等に分けます（1 回 1,000 MB）。CrystalDiskMark 3 がランダムテストの量をどう決めていたかは分からないので、この分け方は仮定です。エンジンが再現しないこと：記事では約 70 GB 書いた後に速度が落ちました（OP 0 % でシーケンシャル −20 %、512K ランダム −19 %、4K QD32 −57 %）。このページマップのグリーディ FTL はまったく遅くなりません：どのラウンドも同じ 4 GB を書き直すので、グリーディ GC はその領域のブロックが丸ごと無効（または TRIM 済み）なのを見つけて何も移動しません（WAF 1.00）。OP があってもなくても同じです。実際の SandForce ドライブが代わりに何をしているかは公開されていません：レビュー（AnandTech）では、圧縮できないデータで埋めて酷使した後は TRIM しても速度が戻らないこと、GC がフォアグラウンドで動くことが分かっていますが、その方針は分かりません。候補は粗いマッピング、静的データが混ざる犠牲ブロック、DuraClass のライフカーブによる書き込みの絞り込みです。どれもここではモデル化していないので、低下は図の上で違いとして示します。 定格 36.5 TB（Intel：1 日 20 GB を 5 年間）。',
  },
  'ssd520-like-op20-cdm-stress': {
    title: 'SSD 520 風、OP 20 %（見える容量 192 GB）：4 GB の空き領域での記事の CrystalDiskMark ストレステスト',
    description:
      'Intel SSD 520 風の 240 GB SATA ドライブ（記事 003）：データを圧縮してから書く SandForce SF-2281 風のコントローラー、25 nm プレーナー MLC の 8 チャネル × 4 ダイ × 2 プレーン（8 KiB ページを 1 ページずつプログラム、2 MiB ブロック、tPROG 1.25 ms、tBERS 3 ms。コントローラーが処理できるのは毎秒最大 5 万回の読み出しと 8 万回の書き込み）。NAND 256 GiB（274.9 GB）に対してユーザー容量 240 GB なので、「OP 0 %」でも 14.5 % の予備があります。SATA 6 Gb/s で約 550 MB/s、圧縮できないデータのプログラム速度は 64 プレーン × 8 KiB / 1.25 ms = 419 MB/s で、記事のファイルコピーの 417 MB/s です。記事 003 のストレステストを記事のとおりに：空きが 4 GB（Windows の GB、4 GiB）になるまで埋め、その空き領域で CrystalDiskMark 3 を 12 回実行します（4000 MB のランダムデータのテストファイル、テスト回数 9）。各ラウンドはテストファイルを書き、4 つの書き込みテスト（SEQ1M Q1T1、RND512K Q1T1、RND4K Q1T1、RND4K Q32T1）をそれぞれ 9 回実行し、各テストの最良の結果を自分の線の 1 点にして、ファイルを削除します（Windows が TRIM を送る）。記事は 1 ラウンドを 36 GB（9 × 4000 MB）と数えています。エンジンはこの 36 GB を 36 回のテスト実行で均等に分けます（1 回 1,000 MB）。CrystalDiskMark 3 がランダムテストの量をどう決めていたかは分からないので、この分け方は仮定です。エンジンが再現しないこと：記事では約 70 GB 書いた後に速度が落ちました（OP 0 % でシーケンシャル −20 %、512K ランダム −19 %、4K QD32 −57 %）。このページマップのグリーディ FTL はまったく遅くなりません：どのラウンドも同じ 4 GB を書き直すので、グリーディ GC はその領域のブロックが丸ごと無効（または TRIM 済み）なのを見つけて何も移動しません（WAF 1.00）。OP があってもなくても同じです。実際の SandForce ドライブが代わりに何をしているかは公開されていません：レビュー（AnandTech）では、圧縮できないデータで埋めて酷使した後は TRIM しても速度が戻らないこと、GC がフォアグラウンドで動くことが分かっていますが、その方針は分かりません。候補は粗いマッピング、静的データが混ざる犠牲ブロック、DuraClass のライフカーブによる書き込みの絞り込みです。どれもここではモデル化していないので、低下は図の上で違いとして示します。ここではユーザー容量の 20 % をファームウェアの予備として隠します（HDAT2 の Host Protected Area）：見えるのは 192 GB で、188 GB まで埋めます。 定格 36.5 TB（Intel：1 日 20 GB を 5 年間）。',
  },
  'ssd520-like-zero-fill-cdm-stress': {
    title: 'SSD 520 風、OP 0 %：同じ CrystalDiskMark ストレステストをゼロ埋めデータで',
    description:
      'Intel SSD 520 風の 240 GB SATA ドライブ（記事 003）：データを圧縮してから書く SandForce SF-2281 風のコントローラー、25 nm プレーナー MLC の 8 チャネル × 4 ダイ × 2 プレーン（8 KiB ページを 1 ページずつプログラム、2 MiB ブロック、tPROG 1.25 ms、tBERS 3 ms。コントローラーが処理できるのは毎秒最大 5 万回の読み出しと 8 万回の書き込み）。NAND 256 GiB（274.9 GB）に対してユーザー容量 240 GB なので、「OP 0 %」でも 14.5 % の予備があります。SATA 6 Gb/s で約 550 MB/s、圧縮できないデータのプログラム速度は 64 プレーン × 8 KiB / 1.25 ms = 419 MB/s で、記事のファイルコピーの 417 MB/s です。記事 003 のストレステストを記事のとおりに：空きが 4 GB（Windows の GB、4 GiB）になるまで埋め、その空き領域で CrystalDiskMark 3 を 12 回実行します（4000 MB のランダムデータのテストファイル、テスト回数 9）。各ラウンドはテストファイルを書き、4 つの書き込みテスト（SEQ1M Q1T1、RND512K Q1T1、RND4K Q1T1、RND4K Q32T1）をそれぞれ 9 回実行し、各テストの最良の結果を自分の線の 1 点にして、ファイルを削除します（Windows が TRIM を送る）。記事は 1 ラウンドを 36 GB（9 × 4000 MB）と数えています。エンジンはこの 36 GB を 36 回のテスト実行で均等に分けます（1 回 1,000 MB）。CrystalDiskMark 3 がランダムテストの量をどう決めていたかは分からないので、この分け方は仮定です。エンジンが再現しないこと：記事では約 70 GB 書いた後に速度が落ちました（OP 0 % でシーケンシャル −20 %、512K ランダム −19 %、4K QD32 −57 %）。このページマップのグリーディ FTL はまったく遅くなりません：どのラウンドも同じ 4 GB を書き直すので、グリーディ GC はその領域のブロックが丸ごと無効（または TRIM 済み）なのを見つけて何も移動しません（WAF 1.00）。OP があってもなくても同じです。実際の SandForce ドライブが代わりに何をしているかは公開されていません：レビュー（AnandTech）では、圧縮できないデータで埋めて酷使した後は TRIM しても速度が戻らないこと、GC がフォアグラウンドで動くことが分かっていますが、その方針は分かりません。候補は粗いマッピング、静的データが混ざる犠牲ブロック、DuraClass のライフカーブによる書き込みの絞り込みです。どれもここではモデル化していないので、低下は図の上で違いとして示します。テストデータは All 0x00：圧縮するコントローラーは 8 セクターに約 1 セクターしか書かないので、決して遅くなりません（記事：ゼロ埋めは一度も遅くならなかった）。 定格 36.5 TB（Intel：1 日 20 GB を 5 年間）。',
  },
  'ssd520-like-never-written': {
    title: 'SSD 520 風、240 GB が見えるが 48 GB は一度も書かない（OP レベル 2〜3）',
    description:
      'Intel SSD 520 風の 240 GB SATA ドライブ（記事 003）：データを圧縮してから書く SandForce SF-2281 風のコントローラー、25 nm プレーナー MLC の 8 チャネル × 4 ダイ × 2 プレーン（8 KiB ページを 1 ページずつプログラム、2 MiB ブロック、tPROG 1.25 ms、tBERS 3 ms。コントローラーが処理できるのは毎秒最大 5 万回の読み出しと 8 万回の書き込み）。NAND 256 GiB（274.9 GB）に対してユーザー容量 240 GB なので、「OP 0 %」でも 14.5 % の予備があります。SATA 6 Gb/s で約 550 MB/s、圧縮できないデータのプログラム速度は 64 プレーン × 8 KiB / 1.25 ms = 419 MB/s で、記事のファイルコピーの 417 MB/s です。240 GB すべてが見えますが、書き込むのは先頭の 192 GB だけです（未フォーマットの、またはフォーマット済みで未使用のパーティション、あるいは TRIM 付きで削除したファイルの領域）。ドライブはそれらの LBA にデータがないと知っているので、GC にとっては隠した容量とまったく同じ予備になります。TRIM なしで書いてから削除した領域は違います：ドライブにとっては有効なデータのままです。',
  },
};

/** Figures by name; members by id (the member's preset name). */
export const FIGURES_JA: Record<string, PresetText & { members: Record<string, string> }> = {
  'article-000-random-read': {
    title: '記事 000：アクセス範囲ごとの 4 KiB ランダム読み出し（QD32）',
    description:
      'TxBENCH 風の QD32 の 4 KiB ランダム読み出しを 1〜64 GB の範囲で。HMB 無効で速いのは 1 MiB のコントローラー SRAM がテーブルセグメントを保持できる間（約 1 GB）だけ。既定の 61 MiB の HMB では 16 GB まで、最大の 64 MiB では 48 GB まで速く、それを超えるとどのドライブも HMB 無効時の底（300 MB/s 強）に向かいます。DRAM 搭載ドライブは平坦で、BG4 風は BG3 風より 100 MB/s 以上速いままです。',
    members: {
      'bg4-like-hmb-off': 'BG4 風、HMB 無効',
      'bg4-like': 'BG4 風、HMB 61 MiB',
      'bg4-like-hmb-64mb': 'BG4 風、HMB 64 MiB',
      'bg3-like': 'BG3 風',
      '970-evo-plus-like': '970 EVO Plus 風（DRAM）',
    },
  },
  'article-000-random-write': {
    title: '記事 000：アクセス範囲ごとの 4 KiB ランダム書き込み（QD32）',
    description:
      'QD32 の 4 KiB ランダム書き込みを、範囲ごとに 4 GiB ずつ。DRAM 搭載ドライブは平坦。BG4 風ドライブは変更済みのテーブルセグメントをコントローラーの SRAM だけに置き、1 つずつ書き戻すので、長く待つ書き込みはありません：61 MiB の HMB があれば、その予約領域がドライブの他の表を SRAM から引き取るので 2 GiB まで、HMB なしでは 1 GiB まで速度を保ちます。それを超えるとほぼ毎回の書き込みで変換ページが NAND に書き戻され、HMB ありは 48 GiB で並ぶまで HMB なしをわずかに上回ります。BG3 風ドライブ（推定）は変更済みセグメントを HMB にも置き、一杯になると一度にすべてフラッシュします：16 GiB までは BG4 風より速く、その後はときどき約 800 ページのテーブルをフラッシュし、その後ろの書き込みは約 20 ms 待ちます。BG4 が 100 ms を超えるレイテンシを避けるよう設計し直されたことが、4〜32 GB で BG3 より遅い理由です（記事 000）。',
    members: {
      'bg4-like-hmb-off': 'BG4 風、HMB 無効',
      'bg4-like': 'BG4 風、HMB 61 MiB',
      'bg4-like-hmb-64mb': 'BG4 風、HMB 64 MiB',
      'bg3-like': 'BG3 風',
      '970-evo-plus-like': '970 EVO Plus 風（DRAM）',
    },
  },
  'article-000-write-latency': {
    title: '記事 000：4 KiB ランダム書き込みごとのレイテンシ、BG3 風と BG4 風',
    description:
      '満杯のドライブの 32 GiB の範囲に 4 KiB ランダム書き込みを QD1 で 4 GiB 行い、すべての操作の時間を計測します（グラフの各点はそのグループで最も遅いもの）。記事はスループットだけを測り（TxBENCH、QD32）、1 回ごとの書き込みのレイテンシは測っていません。このトレースは、その数値の裏にあるとこのモデルが推定するものを見せます。BG3 風ドライブ（推定：変更済みの表の断片を SRAM だけでなく HMB にも置き、一杯になるとまとめてフラッシュする）はほとんどの 4 KiB を約 15 µs で書きますが、ときどき約 800 ページの表がまとめて NAND に書き戻され、そのフラッシュの後ろの書き込みは約 12 ms 待ちます。BG4 風ドライブは変更済みの断片を SRAM にだけ置き、1 つずつ書き戻します。平均は少し長くなりますが、約 0.7 ms を超えて待つ書き込みはありません。東芝は記事に、100 ms を超えるレイテンシを避けるよう BG4 を設計し直したと説明しました。BG3 のフラッシュの方針はこのモデルの推定で、測定ではありません。',
    members: {
      'bg3-like': 'BG3 風',
      'bg4-like': 'BG4 風、HMB 61 MiB',
    },
  },
  'article-001-whole-drive-write': {
    title: '記事 001：ドライブ全体への書き込み、SLC キャッシュとその後',
    description:
      'TxBENCH 風の QD32 の 128 KiB シーケンシャル書き込みを、空の 512 GB QLC ドライブ全体に。どちらのドライブも SLC キャッシュへは約 1 GB/s で書き、約 74 GB を過ぎると崖から落ちます：キャッシュ（静的 6 GB と、空き容量の 53 % を SLC として使う分）が満杯になり、それ以降のバイトはすべて QLC に書くしかなく、同時に空きを作るため SLC のデータを QLC へフォールディングします。660p 風ドライブは書き込みごとに少しずつフォールディングして約 61 MB/s に落ち着きます。H10 風の QLC 側は 1 ダイ分のバッチをまとめてフォールディングするため、速度は約 18 MB/s に落ちては約 60 MB/s に戻り（その QLC プログラムは 17.4 ms、フィットした値です：660p 風の 14.9 ms なら 70 に戻ります）、サンプルの平均は約 50 MB/s です（記事：61.23 MB/s と 47.05 MB/s、H10 は約 20 まで落ちて約 60 に回復）。',
    members: {
      '660p-like': '660p 風（ペース配分のフォールディング）',
      'h10-qlc-like': 'H10 風の QLC 側（バーストのフォールディング）',
    },
  },
  'article-001-write-latency': {
    title: '記事 001：キャッシュの崖をまたぐ 128 KiB 書き込みごとのレイテンシ、H10 風 QLC 側と 660p 風',
    description:
      '空のドライブに 128 KiB のシーケンシャル書き込みを QD32 で 96 GB 行い、すべての操作の時間を計測します（グラフの各点はそのグループで最も遅いもの）。どちらの SLC キャッシュも 74 GB 付近で尽きます。その後、H10 風 QLC 側では、まとめてフォールディングしているダイに当たった書き込みがそのまとまり全体を待ちます。660p 風ドライブは書き込みのたびに少しずつ移すので、崖の後の書き込みは遅くなりますが、まとまりを待つ書き込みはありません。記事はスループット（H10 の約 20 MB/s への落ち込み）だけを測り、1 回ごとの書き込みは測っていません。まとめてのフォールディングは、その落ち込みからのこのモデルの推定で、Intel の資料ではありません。',
    members: {
      'h10-qlc-like': 'H10 風の QLC 側（バーストのフォールディング）',
      '660p-like': '660p 風（ペース配分のフォールディング）',
    },
  },
  'article-001-application-load': {
    title: '記事 001：アプリケーションを 4 回読み込み、Optane キャッシュあり・ピン留め・なし',
    description:
      'アプリケーションの 4 GiB のファイルに対する同じ 16 KiB ランダム読み出しを、間に 5 秒のアイドルを挟んで 4 回、XPoint キャッシュ付きの H10 風モジュール、ファイルをそこにピン留めしたもの、QLC 側だけ、のそれぞれで行います。キャッシュがなければ、どの読み込みも QLC から同じ速度で読みます。キャッシュがあれば、1 回目の読み込みが読みながらキャッシュを埋め、2 回目以降はすべて 3D XPoint から読むので数倍速くなります。ピン留めによる違いは、記事と同じく測れるほどはありません。',
    members: {
      'h10-like': 'H10 風、Optane キャッシュあり',
      'h10-like-pinned': 'H10 風、ファイルをピン留め',
      'h10-qlc-like': 'QLC 側のみ（キャッシュなし）',
    },
  },
  'article-002-write-latency': {
    title: '記事 002：8 MiB 書き込みごとのレイテンシ、NAND と 3D XPoint',
    description:
      '6 GiB のファイルに 8 MiB のシーケンシャル書き込みを QD1 で行い、すべての操作の時間を計測します（記事ではどのドライブも 32 GB のファイルで計測）。NAND ドライブの書き込みは、4 MiB のバッファが埋まるとプログラムを待ち、24 回ごとに新しいブロックの消去も待ちます：レイテンシが一定の間隔で数ミリ秒跳ね上がります。3D XPoint ドライブはその場で書き換え、消去もガベージコレクションもないので、どの書き込みも同じ時間です。',
    members: {
      'tlc-latency-trace': 'TLC NAND SSD',
      '900p-like': '900P 風（3D XPoint）',
    },
  },
  'article-002-read-latency': {
    title: '記事 002：8 MiB 読み出しごとのレイテンシ、NAND と 3D XPoint',
    description:
      '書き込んだ 6 GiB のファイルを 8 MiB のシーケンシャル読み出しで QD1 で読み、すべての操作の時間を計測します（記事では 32 GB のファイル）。摩耗した NAND ドライブの読み出しはどれも 4 チャネルの帯域で決まる 2.7 ms ですが、読み出しの 512 ページのどれかがリードリトライを要すると、そのプレーンがそのページを読み出し電圧をずらして読み直し（1 回ごとに tR と転送）、読み出しの完了が最大 0.4 ms 遅れます。これがときどきのスパイクで、約 20 回に 1 回です。3D XPoint ドライブにはここではリードリトライがなく、どの 8 MiB も 3.34 ms で読みます（360 MB/s の 7 チャネル）：平らですが、このサイズでは NAND ドライブより速くはありません。',
    members: {
      'tlc-read-latency-trace': 'TLC NAND SSD、摩耗あり',
      '900p-like': '900P 風（3D XPoint）',
    },
  },
  'article-003-steady-state': {
    title: '記事 003：ストレステストのラウンドごとの CrystalDiskMark 書き込みテスト、OP 0 % と 20 %、ランダムデータとゼロ埋め',
    description:
      '記事 003 自身のストレステスト：空きが 4 GB になるまでドライブを埋め、その空き領域で CrystalDiskMark 3 を 12 回実行します（4000 MB のランダムデータのテストファイル、各テスト 9 回、1 ラウンド約 36 GB、毎回ファイルを TRIM 付きで削除）。グラフはシーケンシャル書き込みテスト（SEQ1M Q1T1）をラウンドごとに、ドライブごとに 1 本の線で描きます。1 台だけ実行すると 512K ランダム、4K QD1、4K QD32 も描きます。記事では 4K QD1 以外のすべての書き込みテストが約 70 GB 書いた後に落ち（シーケンシャルは OP 0 % で −20 %、OP 20 % で −13 %）、その後落ち着き、OP 20 % は約 6〜7 % 良く、ゼロ埋めのデータは一度も遅くなりませんでした。このエンジンはここではまったく遅くなりません：ラウンドは 4 GB の 1 つの領域を書き直すだけで、グリーディ GC はそのブロックが丸ごと無効なのを見つけるので、OP があってもなくても何も移動しません。最悪の場合、つまりドライブ全体への一様なランダム書き込みは図 op-worst-case-uniform-random です。',
    members: {
      'ssd520-like-cdm-stress': 'OP 0 %、ランダムデータ',
      'ssd520-like-op20-cdm-stress': 'OP 20 %、ランダムデータ',
      'ssd520-like-zero-fill-cdm-stress': 'OP 0 %、ゼロ埋め',
    },
  },
  'op-worst-case-uniform-random': {
    title: '最悪の場合（記事のテストではない）：ドライブ全体への一様な 4 KiB ランダム書き込み、OP 0 % と 20 %、ランダムデータとゼロ埋め',
    description:
      '記事 003 のテストではありません：オーバープロビジョニングにとっての最悪の場合で、記事は測っていません。満杯の SSD 520 風ドライブを、容量全体にわたって 4 KiB QD32 のランダム書き込み 30 GB ずつのラウンドで上書きします。どの線も消去済みブロックがあるうちは速く、その後グリーディ GC が犠牲ブロックごとに有効データを移動する定常状態に落ち着きます。容量の 20 % を予備として隠すと GC の予備は 14.5 % ではなく 43 % になり、移動がずっと少なく低下もずっと小さくなります。ゼロは圧縮でほぼ消えるので決して遅くなりません。記事自身のテスト（4 GB の空き領域を CrystalDiskMark で書き直す）では、OP の効果は 6〜7 % だけでした：article-003-steady-state を見てください。',
    members: {
      'ssd520-like': 'OP 0 %、ランダムデータ',
      'ssd520-like-op20': 'OP 20 %、ランダムデータ',
      'ssd520-like-zero-fill': 'OP 0 %、ゼロ埋め',
    },
  },
  'article-003-op-levels': {
    title: '記事 003：どの未使用領域がオーバープロビジョニングになるか',
    description:
      'ドライブの先頭 192 GB へのランダム書き込みラウンド。レベル 1 はファームウェアが 20 % を隠す（HPA）、レベル 2〜3 はホストが一度も書かない 48 GB（未使用または TRIM 済みのパーティション）、レベル 4 は同じ 48 GB を一度書いて放置（TRIM なしでファイルを削除）。ドライブがデータのない領域だと知っている場合だけ予備になります：レベル 1〜3 は同じように動き GC の予備は 43 %、レベル 4 は OP なしと変わりません。',
    members: {
      'ssd520-like-op20': 'レベル 1：ファームウェア OP（HPA）',
      'ssd520-like-never-written': 'レベル 2〜3：一度も書かない',
      'ssd520-like': 'レベル 4：書いてから TRIM なしで削除',
    },
  },
  'article-003-file-copy': {
    title: '記事 003：28.8 GB のファイルを満杯までコピー',
    description:
      '記事は 28.8 GB のファイルをドライブが満杯になるまで何度もコピーしました：OP の有無にかかわらず、どのコピーも 69 秒（417 MB/s）。新しいデータのシーケンシャル書き込みはブロックを丸ごと解放するので GC は何も移動せず、予備は関係ありません：速度は圧縮できないデータに対する NAND のプログラム速度です。',
    members: {
      'ssd520-like': 'OP 0 %',
      'ssd520-like-op20': 'OP 20 %',
    },
  },
  'cachelib-fdp': {
    title: 'CacheLib のフラッシュキャッシュ：普通のドライブと FDP、利用率 100 % と 50 %',
    description:
      'CacheLib は 1.88 TB の FDP SSD で、フラッシュキャッシュを動かしたときのドライブの書き込み増幅を測りました（CacheLib の FDP ドキュメント、Allison ら EuroSys\'25）：キャッシュがドライブ全体を使うとき FDP なし 3.22、あり 1.03、半分を使うとき 1.22 と 1.03。エンジンは同じキャッシュを CacheLib の既定の追い出し方（BlockCache のリージョンを最も長く使われていないものから）で、解放したドライブからドライブ 4 台分動かします。エンジンの値は書き込み増幅が落ち着く水準、つまり実行の最後の 4 分の 1 の区間書き込み増幅の平均です。書き込むバイトのうち BigHash の割合と、どのリージョンが最も長く使われていないかを決める読み出しは推定です（docs/placement.md）。',
    members: {
      'fdp-ssd-like-cache-no-fdp': 'ドライブ全体、FDP なし',
      'fdp-ssd-like-cache': 'ドライブ全体、FDP あり',
      'fdp-ssd-like-cache-half-no-fdp': 'ドライブの半分、FDP なし',
      'fdp-ssd-like-cache-half': 'ドライブの半分、FDP あり',
    },
  },
  'article-004-cached-vs-not': {
    title: '記事 004：100 MB の範囲への 4 KiB～1 MiB のランダム読み出し、キャッシュありとなし',
    description:
      'Momentus XT 風ハイブリッドディスクの 100 MB の範囲に、Iometer 風のランダム読み出しをキュー深度 1 で。キャッシュあり：先に範囲を 4 KiB のシーケンシャル読み出しで読み、続くアイドル時間に、ドライブは何度も読まれたブロックを NAND へコピーします。その後のランダム読み出しはすべて NAND から来て、4 KiB で約 5.3 MB/s。自身の 7,200 rpm のプラッターからなら 0.8 MB/s、記事の 10 倍の比較相手である「通常の 2.5 インチ HDD」、一般的な 5,400 rpm のノート PC 用ディスクなら 0.6 MB/s です。NAND 経由にはコマンドごとに約 0.7 ms の固定のコストがあり、転送は約 65 MB/s なので、プラッターは 768 KiB で追いつき、1 MiB では上回ります。',
    members: {
      'momentus-xt-like': 'キャッシュあり（ウォームアップ、アイドル）',
      'momentus-xt-like-not-cached': 'キャッシュなし',
      'hdd-5400-like': '一般的な 2.5 インチ 5,400 rpm ディスク',
    },
  },
};

/** Knob groups' titles by the engine's group id (`KnobLayout`); `other` is the title when the group's `other_title` applies. English is the engine's. */
export const GROUPS_JA: Record<string, { title: string; other?: string }> = {
  media: { title: 'メディアとセルタイプ', other: 'メディア' },
  xpoint: { title: '3D XPoint メディア' },
  tier: { title: 'キャッシュ層とバッキング層' },
  hdd: { title: 'ハードディスク' },
  capacity: { title: '容量とオーバープロビジョニング' },
  slc_cache: { title: 'SLC キャッシュ' },
  mapping: { title: 'マッピングテーブルのキャッシュ' },
  hmb: { title: 'Host Memory Buffer（HMB）' },
  gc: { title: 'ガベージコレクションとウェアレベリング' },
  host: { title: 'ホストインターフェース' },
  controller: { title: 'コントローラー' },
  workload: { title: 'パラメーター' },
  precondition: { title: '実行前のドライブの状態' },
  host_cpu: { title: 'ホストコンピュータ' },
  placement: { title: 'データ配置（NVMe FDP）' },
  run: { title: '実行' },
};

/** Workload kinds' menu labels and help by the engine's kind id (`KnobLayout.workload_kinds`). English is the engine's. */
export const WORKLOAD_KINDS_JA: Record<string, { label: string; help: string }> = {
  span_sweep: {
    label: 'アクセス範囲スイープ（範囲ごとのスループット）',
    help: 'アクセス範囲ごとにグラフの 1 点。各範囲は LBA 0 から始まります（記事 000、TxBENCH 風）。',
  },
  whole_drive_write: {
    label: 'ドライブ全体への書き込み（書き込み量ごとのスループット）',
    help: 'ドライブ全体に書き込み、書き込み量に対するスループットを描きます（記事 001）。',
  },
  latency_trace: {
    label: 'レイテンシトレース（全操作の時間を計測）',
    help: 'ファイルを通して全操作の時間を計測し、スパイクを見ます（記事 002）。',
  },
  steady_state: {
    label: '定常状態までのラウンド',
    help: 'ガベージコレクションが定常状態になるまで、ラウンドごとに書き込みます。',
  },
  file_copy: {
    label: 'ファイルコピー（満杯になるまで）',
    help: '大きなファイルを何度もコピーし、コピーごとの書き込み速度を示します（記事 003：28.8 GB をドライブが満杯になるまで）。',
  },
  transfer_size_sweep: {
    label: '転送サイズスイープ',
    help: '転送サイズごとにグラフの 1 点（Iometer 風）。',
  },
  crystal_disk_mark: {
    label: 'CrystalDiskMark の一式',
    help: 'CrystalDiskMark のテスト（標準の 4 つ、NVMe SSD 用、または独自のもの）を、先に書き込んでおいた 1 つのテストファイルに対して読み出し、続いて書き込みの順に、テストの間にアイドルのインターバルを挟んで実行します。',
  },
  application_load: {
    label: 'アプリケーションの読み込み（回ごとの読み出し速度）',
    help: '同じファイルを同じ順に、間にホストのアイドルを挟んで何回も読みます：学習するキャッシュなら 2 回目以降が速くなります（記事 001）。',
  },
  job: {
    label: 'カスタム fio 風ジョブ',
    help: 'fio 風のジョブ 1 つ：パターン、ブロックサイズ、キュー深度、領域、実行時間。',
  },
  cache: {
    label: 'フラッシュキャッシュ（CacheLib 風）',
    help: 'フラッシュキャッシュの書き込み：小さなオブジェクトは 4 KiB のバケットをランダムに書き直し（BigHash）、大きなものは FIFO のリングで 16 MiB のリージョンを埋める（BlockCache）。それぞれに専用の配置 ID。',
  },
  zoned_log: {
    label: 'ホストのログ構造ストア（ゾーン）',
    help: 'ホストがゾーンに追記し、自分で掃除します（ZenFS 風）：有効データ最少のゾーンを選び、有効データをコピーしてゾーンをリセット。ホストとデバイスの書き込み増幅を並べて示します。',
  },
  tenants: {
    label: 'テナント（複数のジョブを同時に）',
    help: '最大 4 つの fio 風ジョブを同時に実行します（stonewall のないジョブファイルの各セクションと同じ）。それぞれに専用の領域、パターン、キュー、IOPS の上限、配置 ID があり、結果もテナントごとに出ます。',
  },
  trace: {
    label: 'ブロックトレースの再生',
    help: 'ブロックトレース（MSR、SPC、Alibaba、Tencent、blkparse、fio iolog）を、ドライブが受け付けしだい、または記録された時刻どおりに再生します。',
  },
};
