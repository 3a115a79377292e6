// Glossary entries for where data lands: NVMe Flexible Data Placement, reclaim units, Zoned
// Namespaces, and the flash cache the "Where data lands" story runs on them. terms.ts merges
// them into the one glossary; the shape is the same. Numbers are the presets' and CacheLib's.
import type { Lang } from '../i18n';

/** An entry's shape (terms.ts's GlossaryEntry; restated so this file does not import terms.ts, which imports it). */
type Entry = Record<Lang, { term: string; definition: string }>;

export const PLACEMENT_ENTRIES = {
  fdp: {
    en: {
      term: 'Flexible Data Placement (FDP)',
      definition:
        'An NVMe feature (2022) that lets the host tag each write with a placement id. The drive keeps a separate open block group for each id it offers, so data the host knows will die together is written together. The drive still does its own garbage collection.',
    },
    ja: {
      term: 'Flexible Data Placement（FDP）',
      definition:
        'ホストが書き込みごとに配置 ID を付けられる NVMe の機能（2022 年）です。ドライブは ID ごとに別々の書き込み先ブロック群を開いておくので、ホストが「一緒に不要になる」と知っているデータは一緒に書かれます。ガベージコレクションは引き続きドライブが行います。',
    },
  },
  'reclaim-unit': {
    en: {
      term: 'reclaim unit',
      definition:
        'With FDP, the group of flash blocks the drive fills and erases together: here one block on every plane, 64 MiB. Each placement id the host uses writes into its own open reclaim unit.',
    },
    ja: {
      term: '再利用単位（Reclaim Unit）',
      definition: 'FDP で、ドライブがまとめて書き込み、まとめて消去するフラッシュブロックの組です。ここでは全プレーンのブロック 1 つずつで 64 MiB。ホストが使う配置 ID ごとに、それぞれの再利用単位へ書かれます。',
    },
  },
  zns: {
    en: {
      term: 'Zoned Namespace (ZNS)',
      definition:
        'An NVMe drive whose space is cut into zones, each written only in order from its start and emptied only whole, by a reset. The drive never has to copy data to free space: the host chooses what to keep and rewrites it itself.',
    },
    ja: {
      term: 'Zoned Namespace（ZNS）',
      definition:
        '領域をゾーンに分けた NVMe ドライブです。各ゾーンは先頭から順にしか書けず、リセットでゾーンごとまとめてしか空にできません。ドライブが空きを作るためにデータをコピーする必要はなく、何を残すかはホストが決めて自分で書き直します。',
    },
  },
  'flash-cache': {
    en: {
      term: 'flash cache',
      definition:
        'A cache that keeps objects on an SSD behind a smaller cache in memory, as CacheLib does at Meta. CacheLib stores small objects in buckets of 4 KiB rewritten in place (BigHash) and large objects in 16 MiB regions written whole (BlockCache).',
    },
    ja: {
      term: 'フラッシュキャッシュ',
      definition:
        'メモリ上の小さなキャッシュの後ろで、オブジェクトを SSD に置くキャッシュです（Meta の CacheLib など）。CacheLib は小さなオブジェクトを 4 KiB のバケットに入れてその場で書き直し（BigHash）、大きなオブジェクトは 16 MiB のリージョンにまとめて書きます（BlockCache）。',
    },
  },
} as const satisfies Record<string, Entry>;
