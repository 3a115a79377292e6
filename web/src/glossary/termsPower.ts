// Glossary entries for when the power fails: the drive's volatile write cache, the flush and FUA
// that make writes durable, and power-loss protection (docs/power.md; the story "When the power
// fails"). terms.ts merges them into the one glossary; the shape is the same. No entry states
// what a flush costs or what a cut loses: the story asks the reader that first.
import type { Lang } from '../i18n';

/** An entry's shape (terms.ts's GlossaryEntry; restated so this file does not import terms.ts, which imports it). */
type Entry = Record<Lang, { term: string; definition: string }>;

export const POWER_ENTRIES = {
  'write-cache': {
    en: {
      term: 'volatile write cache',
      definition:
        "The drive's RAM where written data waits until the flash page it belongs to is programmed. A drive without power-loss protection reports a write complete once its data is there, so the data is only as safe as the power.",
    },
    ja: {
      term: '揮発性ライトキャッシュ',
      definition: '書き込まれたデータが、行き先のフラッシュのページがプログラムされるまで待つドライブの RAM です。電源断保護のないドライブはデータがここに入った時点で書き込み完了を返すので、そのデータの安全は電源次第です。',
    },
  },
  flush: {
    en: {
      term: 'flush and FUA',
      definition:
        'A flush asks the drive to put every write it has acknowledged on flash before it answers; fsync() ends with one. A FUA (Force Unit Access) write is durable when it completes; Linux sends it as the write followed by a flush where the drive has a volatile write cache.',
    },
    ja: {
      term: 'フラッシュと FUA',
      definition: 'フラッシュは、完了を返した書き込みをすべてフラッシュメモリに載せてから応答するようドライブに求めるコマンドで、fsync() は最後にこれを送ります。FUA（Force Unit Access）付きの書き込みは完了した時点で永続化されています。揮発性ライトキャッシュのあるドライブには、Linux は書き込みとそれに続くフラッシュとして送ります。',
    },
  },
  plp: {
    en: {
      term: 'power-loss protection (PLP)',
      definition:
        "Capacitors on the drive (tantalum or polymer) that hold enough energy to program the write cache's data and the mapping table's changes to flash after the power fails. Enterprise drives have it; most client drives do not.",
    },
    ja: {
      term: '電源断保護（PLP）',
      definition: '電源が落ちたあと、ライトキャッシュのデータとマッピングテーブルの変更をフラッシュにプログラムするだけのエネルギーを蓄えるドライブ上のコンデンサ（タンタルやポリマー）です。エンタープライズ向けドライブは備えていますが、クライアント向けドライブの多くは備えていません。',
    },
  },
} as const satisfies Record<string, Entry>;
