// Each preset in plain words (one or two sentences, no part numbers or timings), keyed by the
// engine's preset name; the expert description stays behind "more". A contract test checks
// every preset the engine ships has a blurb in both languages.
import type { Lang } from '../i18n';

export const PRESET_BLURBS: Record<string, Record<Lang, string>> = {
  '660p-like': {
    en: 'A cheap QLC drive written end to end. Watch it write fast into its SLC cache, then drop off a cliff to about 60 MB/s once the cache is full.',
    ja: '安価な QLC ドライブを端から端まで書き込みます。最初は SLC キャッシュに高速で書き、キャッシュが尽きると約 60 MB/s まで急落する様子を見てください。',
  },
  '900p-like': {
    en: 'An Optane drive made of 3D XPoint, which rewrites data in place. Every large write takes the same time: no erases, so no latency spikes.',
    ja: '3D XPoint を使った Optane ドライブで、データをその場で書き換えます。消去がないため、大きな書き込みはどれも同じ時間で終わり、レイテンシのスパイクがありません。',
  },
  '970-evo-plus-like': {
    en: 'A fast drive with its own DRAM holding the whole address map. Random reads stay equally fast however much of the drive they cover: the reference for the DRAM-less drives.',
    ja: '対応表全体を専用 DRAM に載せた高速ドライブです。ランダム読み出しはアクセス範囲に関係なく同じ速さで、DRAM レスドライブと比べる基準になります。',
  },
  'bg3-like': {
    en: 'An older DRAM-less drive that borrows a little of the computer’s RAM (HMB). Random reads are fast over a small area and slow down beyond it, a bit slower than its successor.',
    ja: 'PC のメモリを少し借りる（HMB）旧世代の DRAM レスドライブです。狭い範囲のランダム読み出しは速く、その外では遅くなります。後継機より少し遅めです。',
  },
  'bg4-like-hmb-64mb': {
    en: 'The DRAM-less BG4 given the most host RAM it accepts (64 MiB). The fast area for random reads stretches to about 48 GB before speed falls.',
    ja: '受け付ける最大量（64 MiB）のホストメモリを与えた DRAM レスの BG4 です。ランダム読み出しが速い範囲は、約 48 GB まで広がります。',
  },
  'bg4-like-hmb-off': {
    en: 'The DRAM-less BG4 with no borrowed host RAM. Only about 1 GB of the drive reads fast at random; beyond that every read first fetches its map entry from flash.',
    ja: 'ホストメモリを借りない DRAM レスの BG4 です。ランダム読み出しが速いのは約 1 GB の範囲だけで、それより外は毎回まず対応表をフラッシュから読みます。',
  },
  'bg4-like': {
    en: 'A small DRAM-less drive using its default 61 MiB of host RAM (HMB). Random reads are fast up to about 24 GB of the drive, then slow down as the map no longer fits.',
    ja: '既定の 61 MiB のホストメモリ（HMB）を使う小型の DRAM レスドライブです。ランダム読み出しは約 24 GB の範囲まで速く、対応表が収まらなくなると遅くなります。',
  },
  'h10-like-pinned': {
    en: 'The Optane H10 with the application’s files pinned in its fast cache. Pinning changes little: the cache already kept them.',
    ja: 'アプリケーションのファイルを高速キャッシュに固定（ピン留め）した Optane H10 です。もともとキャッシュに残っていたため、ピン留めの効果はほとんどありません。',
  },
  'h10-like': {
    en: 'A QLC drive with a small Optane cache in front, loading the same application four times. The first load reads from QLC; later loads come from the cache and run several times faster.',
    ja: 'QLC ドライブの前に小さな Optane キャッシュを置いたモジュールで、同じアプリケーションを 4 回読み込みます。1 回目は QLC から、2 回目以降はキャッシュから読むため数倍速くなります。',
  },
  'h10-qlc-like': {
    en: 'The QLC half of the Optane H10, written end to end. After its SLC cache fills, speed keeps dipping to about 20 MB/s and recovering to about 60 MB/s.',
    ja: 'Optane H10 の QLC 側を端から端まで書き込みます。SLC キャッシュが埋まった後は、速度が約 20 MB/s まで落ちては約 60 MB/s に戻るのを繰り返します。',
  },
  'hdd-5400-like': {
    en: 'The ordinary laptop hard disk of 2010, turning at 5,400 rpm: every small read waits for the arm and half a slower turn, about 0.6 MB/s at 4 KiB.',
    ja: '2010 年ごろの一般的な 5,400 rpm のノート PC 用ハードディスクです。小さな読み出しは毎回アームの移動と、より遅い回転の半周を待つため、4 KiB で約 0.6 MB/s です。',
  },
  'hdd-7200-like': {
    en: 'An ordinary laptop hard disk doing random reads of growing size. Small reads are very slow because every one waits for the arm and the spinning platter.',
    ja: '一般的なノート PC 用ハードディスクで、サイズを変えながらランダム読み出しを行います。1 回ごとにアームの移動と回転を待つため、小さな読み出しはとても遅くなります。',
  },
  'momentus-xt-like-not-cached': {
    en: 'The hybrid disk without a warm-up or idle time. Its flash cache never gets filled, so every read goes to the slow platters.',
    ja: 'ウォームアップもアイドル時間もないハイブリッドディスクです。フラッシュキャッシュが埋まらないため、すべての読み出しが遅いプラッタに向かいます。',
  },
  'momentus-xt-like': {
    en: 'A hard disk with 4 GB of flash that learns which data is read often. After a warm-up and a rest, small random reads come from flash, about 7 times faster.',
    ja: 'よく読まれるデータを覚える 4 GB のフラッシュを積んだハードディスクです。ウォームアップと休止の後は小さなランダム読み出しがフラッシュから返り、約 7 倍速くなります。',
  },
  'ssd520-like-cdm-stress': {
    en: 'The article\'s own stress test: a nearly full SATA drive, CrystalDiskMark run again and again in its last 4 GB of free space. The article saw the writes slow by 10-20 %; this model does not slow down here (see the figure\'s notes).',
    ja: '記事自身のストレステストです。ほぼ満杯の SATA ドライブの最後の 4 GB の空き領域で、CrystalDiskMark を何度も実行します。記事では書き込みが 10〜20 % 遅くなりましたが、このモデルではここでは遅くなりません（図の注記を参照）。',
  },
  'ssd520-like-op20-cdm-stress': {
    en: 'The same stress test with 20 % of the drive hidden as spare. The article found it only about 6-7 % better than no extra spare.',
    ja: '容量の 20 % を予備として隠して、同じストレステストを行います。記事では追加の予備なしより約 6〜7 % 良いだけでした。',
  },
  'ssd520-like-zero-fill-cdm-stress': {
    en: 'The same stress test writing zeros. This drive compresses data, so zeros barely reach the flash and speed never drops.',
    ja: '同じストレステストをゼロで行います。このドライブはデータを圧縮するため、ゼロはほとんどフラッシュに届かず、速度は落ちません。',
  },
  'ssd520-like-never-written': {
    en: 'A SATA drive where part of the space is simply never written. The drive knows that space is empty, so it serves as spare room just like hidden over-provisioning.',
    ja: '一部の領域に一度も書き込まない SATA ドライブです。その領域が空だとドライブは知っているため、隠されたオーバープロビジョニングと同じく予備として働きます。',
  },
  'ssd520-like-op20': {
    en: 'The same SATA drive with 20 % of its space hidden as spare. Rounds of random writes slow down much less once the drive is full.',
    ja: '容量の 20 % を予備として隠した同じ SATA ドライブです。満杯になった後のランダム書き込みの落ち込みがずっと小さくなります。',
  },
  'ssd520-like-zero-fill': {
    en: 'The same rounds of random writes, but writing zeros. This drive compresses data, so zeros barely reach the flash and speed never drops.',
    ja: '同じランダム書き込みのラウンドを、ゼロで埋めたデータで行います。このドライブはデータを圧縮するため、ゼロはほとんどフラッシュに届かず、速度は落ちません。',
  },
  'ssd520-like': {
    en: 'An older SATA drive, full, receiving rounds of random writes. Speed drops as garbage collection starts copying data, then settles at a steady level.',
    ja: '満杯の旧世代 SATA ドライブに、ランダム書き込みを繰り返します。ガベージコレクションがデータのコピーを始めると速度が落ち、やがて一定の水準に落ち着きます。',
  },
  'tlc-crystaldiskmark': {
    en: 'The four tests of the popular CrystalDiskMark benchmark on a TLC drive. Big sequential transfers are fast; small random ones one at a time are slow.',
    ja: '定番ベンチマーク CrystalDiskMark の 4 つのテストを TLC ドライブで実行します。大きなシーケンシャル転送は速く、1 件ずつの小さなランダム転送は遅くなります。',
  },
  'tlc-latency-trace': {
    en: 'Large writes to a TLC drive, timing each one. Every few dozen writes a spike appears where the drive must erase fresh blocks first.',
    ja: 'TLC ドライブに大きな書き込みを続け、1 回ごとの時間を測ります。数十回ごとに、新しいブロックを先に消去する必要があるためのスパイクが現れます。',
  },
  'tlc-read-latency-trace': {
    en: 'Large reads from a TLC drive with some wear, timing each one. Most take the same time; now and then a page needs a read retry and the read spikes.',
    ja: 'いくらか摩耗した TLC ドライブから大きな読み出しを続け、1 回ごとの時間を測ります。ほとんどは同じ時間ですが、ときどきページがリードリトライを要し、その読み出しが跳ね上がります。',
  },
  'tlc-random-read': {
    en: 'Small random reads on a small TLC drive with many requests in flight. A simple start: the speed the flash chips can deliver in parallel.',
    ja: '小さな TLC ドライブで、多数の要求を同時に発行してランダム読み出しを行います。フラッシュチップが並列に出せる速度を見る、手始めの例です。',
  },
  'tlc-steady-state-random-write': {
    en: 'Random writes over a full TLC drive with little spare space. After the first round, garbage collection copies a lot and speed settles far lower.',
    ja: '予備の少ない満杯の TLC ドライブ全体にランダム書き込みを行います。1 ラウンド目の後はガベージコレクションが大量にコピーし、速度はずっと低い水準に落ち着きます。',
  },
  'tlc-whole-drive-write': {
    en: 'An empty TLC drive with no SLC cache, written end to end. The line stays flat: the speed the flash itself can write.',
    ja: 'SLC キャッシュのない空の TLC ドライブを端から端まで書き込みます。線は平らなままで、フラッシュ自体の書き込み速度を表します。',
  },
};

/** The preset's plain-words blurb, or null for a preset the engine added that has none yet. */
export function presetBlurb(lang: Lang, name: string): string | null {
  return PRESET_BLURBS[name]?.[lang] ?? null;
}
