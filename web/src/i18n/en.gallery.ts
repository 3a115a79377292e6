// English text of the gallery of real drives (issue 47): public measurements beside the
// engine's, one card per drive. What each drive and value is (its source, protocol and stated
// difference) is the engine's text (engine/presets/gallery/*.json), in Japanese by preset and
// value id in ja.gallery.ts (GALLERY_DRIVES_JA).
export const galleryEn = {
  'gallery.nav': 'Real drives',
  'gallery.title': 'Real drives beside the model',
  'gallery.intro':
    'Reviewers publish what a drive does under a stated protocol: a whole-drive write past the SLC cache, random reads at queue depth 1, the speed left after random writes. Each card runs that protocol on the drive’s “-like” preset, in this browser, and sets the engine’s number beside the public one. A value lands within ±20 %, or the card states why the engine differs.',
  'gallery.tagline': 'Public measurements against the engine',
  'gallery.source': 'Source',
  'gallery.related': 'Not the preset’s own drive: {text}',
  'gallery.protocol': 'Protocol',
  // Between a heading and its text (“Source: …”), and a verdict and its reason.
  'gallery.colon': ': ',
  'gallery.public': 'Public',
  'gallery.engine': 'Engine',
  'gallery.ratio': 'Engine / public',
  'gallery.band': '±20 % of the public value',
  'gallery.chart': 'Public {public} (the mark) against the engine’s {engine}',
  'gallery.verdict.within': 'Within ±20 %',
  'gallery.verdict.differs': 'Stated difference',
  'gallery.verdict.unstated': 'Outside ±20 %, no difference stated',
  'gallery.verdict.closed': 'Within ±20 %, though stated to differ',
  'gallery.measuring': 'The engine is running this protocol…',
  'gallery.waiting': 'Waiting for the engine',
  'gallery.failed': 'The engine could not measure this drive: {message}',
  'gallery.loading': 'Loading the drives from the engine…',
  'gallery.loadFailed': 'The engine could not list the drives: {message}',
  'gallery.notFound': 'No drive “{id}” in the gallery.',
  'gallery.open': 'Open in the playground',
  'gallery.link': 'Link to this card',
  'gallery.embed': 'Embed',
  'gallery.embedCode': 'Paste this into a page to show this card:',
} as const;
