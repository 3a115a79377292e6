// 「あなたの fio 結果」の日本語（issue 47）：ジョブの fio 自身の JSON 結果を、同じジョブのエンジンでの
// 実行と表とグラフで並べる。
import type { fioResultEn } from './en.fioResult';

export const fioResultJa: Record<keyof typeof fioResultEn, string> = {
  'fioResult.title': 'あなたの fio 結果',
  'fioResult.intro': '読み込んだジョブの fio の JSON 結果（fio --output-format=json）と、あれば帯域・レイテンシのログ（write_bw_log、write_lat_log）を読み込みます。ファイルはこのブラウザ内で読まれ、どこにもアップロードされません。実行後、モデルの数値があなたの数値の横に並びます。',
  'fioResult.load': 'fio 結果を読み込む（.json）…',
  'fioResult.loadLog': '帯域・レイテンシログを読み込む…',
  'fioResult.clear': '取り除く',
  'fioResult.failed': '{file} を読めませんでした：',
  'fioResult.loaded': '{file} を読み込みました（{version}、ジョブ数 {n}）。',
  'fioResult.logLoaded': 'ログ {file}',
  'fioResult.waiting': 'ジョブを実行すると比較します。',
  'fioResult.tableTitle': '実測とモデル：[{job}]',
  'fioResult.metric': '指標',
  'fioResult.measured': '実測',
  'fioResult.model': 'モデル',
  'fioResult.error': '誤差',
  'fioResult.nothing': '比較できる指標がありません：結果と実行に、データを動かした共通の方向がありません。',
  'fioResult.geomean': '比の 1 からの隔たりの幾何平均：{value}（1 ならすべての指標が一致）。',
  'fioResult.op.read': '読み出し',
  'fioResult.op.write': '書き込み',
  'fioResult.measure.mb_per_s': '{op}帯域（MB/s）',
  'fioResult.measure.iops': '{op}の IOPS',
  'fioResult.measure.latency.mean_us': '{op} clat 平均（µs）',
  'fioResult.measure.latency.p50_us': '{op} clat p50（µs）',
  'fioResult.measure.latency.p99_us': '{op} clat p99（µs）',
  'fioResult.measure.latency.p999_us': '{op} clat p99.9（µs）',
  'fioResult.measure.latency.p9999_us': '{op} clat p99.99（µs）',
  'fioResult.markBandwidth': 'fio {op}：{value} MB/s',
  'fioResult.markLatency': 'fio {op} p{p}：{value}',
  'fioResult.logLine': 'fio {op}（帯域ログ）',
};
