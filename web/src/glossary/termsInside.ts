// Glossary entries for the parts and timings inside a flash drive (planes, wordlines, tR,
// tPROG, ECC, SRAM, folding) and for the tools and settings the article stories measure with
// (CrystalDiskMark, HPA). terms.ts merges them into the one glossary; the shape is the same.
// Numbers are the presets' (engine/presets): tR 30–150 µs, tPROG 0.2–17 ms.
import type { Lang } from '../i18n';

/** An entry's shape (terms.ts's GlossaryEntry; restated so this file does not import terms.ts, which imports it). */
type Entry = Record<Lang, { term: string; definition: string }>;

export const INSIDE_ENTRIES = {
  plane: {
    en: {
      term: 'plane',
      definition: 'A part of a die with its own page buffer: the planes of one die can read or program at the same time. A drive of 4 channels × 2 dies × 2 planes has 16 planes working in parallel, and it writes about as fast as 16 planes can program.',
    },
    ja: {
      term: 'プレーン',
      definition: 'ダイの中で自分のページバッファを持つ区画で、同じダイのプレーンは同時に読み出しやプログラムができます。4 チャネル × 2 ダイ × 2 プレーンのドライブでは 16 プレーンが並列に動き、書き込みの速さはおよそ 16 プレーンがプログラムできる速さで決まります。',
    },
  },
  wordline: {
    en: {
      term: 'wordline',
      definition: 'A row of flash cells programmed together in one operation. A TLC cell holds 3 bits, so one TLC wordline holds 3 pages; a QLC wordline holds 4 pages and takes over 10 ms to program.',
    },
    ja: {
      term: 'ワード線',
      definition: '1 回の操作でまとめてプログラムされるフラッシュセルの 1 列です。TLC のセルは 3 ビットを持つので TLC のワード線 1 本には 3 ページが入り、QLC のワード線には 4 ページが入ってプログラムに 10 ms 以上かかります。',
    },
  },
  tprog: {
    en: {
      term: 'program time (tPROG)',
      definition: 'How long a die takes to program (write) one wordline into its cells: a few hundred µs in SLC mode, about 2 ms for TLC, 15 ms or more for QLC. While a plane programs it can do nothing else, so tPROG sets how fast a drive can write.',
    },
    ja: {
      term: 'プログラム時間（tPROG）',
      definition: 'ダイがワード線 1 本をセルにプログラム（書き込み）するのにかかる時間です。SLC モードで数百 µs、TLC で約 2 ms、QLC では 15 ms 以上かかります。プログラム中のプレーンはほかの仕事ができないので、tPROG がドライブの書き込みの速さを決めます。',
    },
  },
  tr: {
    en: {
      term: 'read time (tR)',
      definition: 'How long a die takes to sense one page from its cells into its page buffer, before the data crosses the channel: about 50 µs for TLC, 150 µs for QLC, 30–40 µs in SLC mode. Every read of a page that is not already in the buffer pays one tR.',
    },
    ja: {
      term: '読み出し時間（tR）',
      definition: 'ダイがセルから 1 ページ分を読み取ってページバッファに移すまでの時間で、そのあとデータがチャネルを渡ります。TLC で約 50 µs、QLC で約 150 µs、SLC モードで 30〜40 µs です。バッファにないページを読むたびに tR が 1 回かかります。',
    },
  },
  ecc: {
    en: {
      term: 'ECC (error-correcting code)',
      definition: 'Extra bits stored with every page that let the controller find and fix wrong bits when it reads the page back. Flash cells drift and wear, so pages come back with a few wrong bits; while they are fewer than the code can correct, the read costs nothing extra.',
    },
    ja: {
      term: 'ECC（誤り訂正符号）',
      definition: 'ページごとに一緒に記録される余分なビットで、読み出したときにコントローラーが誤ったビットを見つけて直せるようにします。フラッシュのセルは電荷がずれたり摩耗したりするので、読んだページには少し誤りが混じります。その数が符号で訂正できる範囲なら、読み出しに余分な時間はかかりません。',
    },
  },
  sram: {
    en: {
      term: 'SRAM (controller memory)',
      definition: 'The small, fast memory inside the SSD controller chip itself, typically a few MiB. A DRAM-less drive keeps the part of its L2P table it uses most in SRAM: 1 MiB of table covers about 1 GiB of data.',
    },
    ja: {
      term: 'SRAM（コントローラー内のメモリ）',
      definition: 'SSD コントローラーのチップそのものに入っている小さく高速なメモリで、数 MiB 程度です。DRAM レス SSD は、よく使う L2P テーブルの一部を SRAM に置きます。1 MiB の表で約 1 GiB のデータを引けます。',
    },
  },
  hpa: {
    en: {
      term: 'HPA (host protected area)',
      definition: 'A drive setting that hides the end of the drive from the operating system, which then sees a smaller disk. On an SSD the hidden addresses are never written, so the FTL can use their flash as extra spare area: a simple way to add over-provisioning.',
    },
    ja: {
      term: 'HPA（ホスト保護領域）',
      definition: 'ドライブの末尾を OS から隠す設定で、OS には小さなディスクとして見えます。SSD では隠したアドレスに書き込みが来ないので、FTL はそのぶんのフラッシュを予備領域として使えます。オーバープロビジョニングを増やす簡単な方法です。',
    },
  },
  crystaldiskmark: {
    en: {
      term: 'CrystalDiskMark',
      definition: 'A popular Windows benchmark that reads and writes a test file and reports MB/s per test. Its test names give the pattern: SEQ1M Q8T1 is sequential 1 MiB transfers at queue depth 8 from 1 thread, RND4K Q32T1 random 4 KiB transfers at queue depth 32. Older versions call them Seq, 512K, 4K and 4K QD32.',
    },
    ja: {
      term: 'CrystalDiskMark',
      definition: 'テストファイルを読み書きしてテストごとの MB/s を示す、Windows でよく使われるベンチマークです。テスト名がパターンを表し、SEQ1M Q8T1 は 1 スレッドからキュー深度 8 で 1 MiB のシーケンシャル転送、RND4K Q32T1 はキュー深度 32 で 4 KiB のランダム転送です。古い版では Seq、512K、4K、4K QD32 と呼びます。',
    },
  },
  fold: {
    en: {
      term: 'folding (SLC to TLC/QLC)',
      definition: 'Moving data written fast in SLC mode (1 bit per cell) into native TLC or QLC blocks (3 or 4 bits per cell), which frees the SLC cache again. It reads the SLC pages back and programs them again at the slower native speed.',
    },
    ja: {
      term: 'フォールディング（SLC から TLC/QLC へ）',
      definition: 'SLC モード（1 セル 1 ビット）で速く書いたデータを、本来の TLC や QLC（1 セル 3〜4 ビット）のブロックへ移し、SLC キャッシュを再び空けることです。SLC のページを読み出し、より遅い本来の速度でプログラムし直します。',
    },
  },
} as const satisfies Record<string, Entry>;
