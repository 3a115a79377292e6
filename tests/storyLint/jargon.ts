// The words a reader who knows no SSD internals cannot be expected to know: at its first use in
// a story each must be a glossary term (one of `terms`) or explained in place (the step lists its
// id in `explains`). Patterns per language; a match inside a [[term]] counts as marked.

export interface Jargon {
  id: string;
  /** Glossary ids whose [[term]] explains it. */
  terms: string[];
  en: RegExp;
  ja: RegExp;
}

export const JARGON: readonly Jargon[] = [
  { id: 'die', terms: ['die'], en: /\bdies?\b/i, ja: /ダイ(?!ナミック|レクト|ヤ)/ },
  { id: 'wordline', terms: ['wordline'], en: /\bword ?lines?\b/i, ja: /ワード線|ワードライン/ },
  { id: 'tprog', terms: ['tprog'], en: /\btPROG\b/, ja: /tPROG/ },
  { id: 'tr', terms: ['tr'], en: /\btR\b/, ja: /(?<![A-Za-z])tR(?![A-Za-z])/ },
  { id: 'qd', terms: ['qd'], en: /\bqueue depth\b|\bQD\d*\b/i, ja: /キュー深度|(?<![A-Za-z])QD\d*/ },
  { id: 'percentile', terms: ['latency-percentile', 'tail-latency'], en: /\bp(?:50|90|99(?:\.9+)?)\b|\bpercentiles?\b/i, ja: /(?<![A-Za-z])p(?:50|90|99)|パーセンタイル/ },
  { id: 'ecc', terms: ['ecc'], en: /\bECC\b/, ja: /(?<![A-Za-z])ECC(?![A-Za-z])/ },
  { id: 'pe', terms: ['pe-cycle'], en: /\bP\/E\b/, ja: /P\/E/ },
  { id: 'steady-state', terms: ['steady-state'], en: /\bsteady[ -]state\b/i, ja: /定常状態/ },
  { id: 'hpa', terms: ['hpa'], en: /\bHPA\b|Host Protected Area/i, ja: /(?<![A-Za-z])HPA(?![A-Za-z])|Host Protected Area/ },
  { id: 'slc', terms: ['slc', 'slc-cache'], en: /\bSLC\b/, ja: /(?<![A-Za-z])SLC(?![A-Za-z])/ },
  { id: 'mlc', terms: ['mlc'], en: /\bMLC\b/, ja: /(?<![A-Za-z])MLC(?![A-Za-z])/ },
  { id: 'tlc', terms: ['tlc'], en: /\bTLC\b/, ja: /(?<![A-Za-z])TLC(?![A-Za-z])/ },
  { id: 'qlc', terms: ['qlc'], en: /\bQLC\b/, ja: /(?<![A-Za-z])QLC(?![A-Za-z])/ },
  { id: 'ftl', terms: ['ftl'], en: /\bFTL\b/, ja: /(?<![A-Za-z])FTL(?![A-Za-z])/ },
  { id: 'l2p', terms: ['l2p'], en: /\bL2P\b/, ja: /L2P/ },
  { id: 'waf', terms: ['waf'], en: /\bWAF\b|write amplification/i, ja: /(?<![A-Za-z])WAF(?![A-Za-z])|書き込み増幅/ },
  { id: 'op', terms: ['op'], en: /\bOP\b|over-?provisioning/i, ja: /(?<![A-Za-z])OP(?![A-Za-z])|オーバープロビジョニング/ },
  { id: 'gc', terms: ['gc'], en: /\bGC\b|garbage collect/i, ja: /(?<![A-Za-z])GC(?![A-Za-z])|ガベージコレクション/ },
  { id: 'hmb', terms: ['hmb'], en: /\bHMB\b|host memory buffer/i, ja: /(?<![A-Za-z])HMB(?![A-Za-z])/ },
  { id: 'dram', terms: ['dram', 'dram-less'], en: /\bDRAM\b/, ja: /(?<![A-Za-z])DRAM(?![A-Za-z])/ },
  { id: 'trim', terms: ['trim'], en: /\bTRIM\b|\btrimmed\b/i, ja: /(?<![A-Za-z])TRIM(?![A-Za-z])/ },
  { id: 'iops', terms: ['iops'], en: /\bIOPS\b/, ja: /(?<![A-Za-z])IOPS(?![A-Za-z])/ },
  { id: 'xpoint', terms: ['xpoint'], en: /\bXPoint\b/, ja: /XPoint/ },
  { id: 'fold', terms: ['fold', 'slc-cache'], en: /\bfold(?:s|ed|ing)?\b/i, ja: /フォールディング/ },
  { id: 'cdm', terms: ['crystaldiskmark'], en: /CrystalDiskMark|\b(?:SEQ|RND)\d+[KM]\b|\bQ\d+T\d+\b/, ja: /CrystalDiskMark|(?:SEQ|RND)\d+[KM]|Q\d+T\d+/ },
  { id: 'plane', terms: ['plane'], en: /\bplanes?\b/i, ja: /プレーン/ },
  { id: 'sram', terms: ['sram'], en: /\bSRAM\b/, ja: /(?<![A-Za-z])SRAM(?![A-Za-z])/ },
  { id: 'fdp', terms: ['fdp'], en: /\bFDP\b|Flexible Data Placement/i, ja: /(?<![A-Za-z])FDP(?![A-Za-z])|Flexible Data Placement/ },
  { id: 'reclaim-unit', terms: ['reclaim-unit'], en: /\breclaim units?\b/i, ja: /再利用単位/ },
  { id: 'zns', terms: ['zns'], en: /\bZNS\b|Zoned Namespaces?/i, ja: /(?<![A-Za-z])ZNS(?![A-Za-z])|Zoned Namespace/ },
];

export const JARGON_IDS: ReadonlySet<string> = new Set(JARGON.map((j) => j.id));
