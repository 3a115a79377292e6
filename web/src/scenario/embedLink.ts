// The embed snippet a page hands out: an iframe of one of the page's addresses and embed.js,
// which sizes the iframe to the height the embedded page posts. Strings from URLs only, so the
// playground's embed dialog and a story step's links both build it from here.

/** The iframe (its attributes escaped) and the embed.js script served beside the page at `base`. */
export function embedSnippet(src: string, height: number, title: string, base: string): string {
  const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${attr(src)}" title="${attr(title)}" width="100%" height="${height}" style="border:0;max-width:100%" loading="lazy"></iframe>\n<script async src="${attr(base)}embed.js"></script>`;
}
