// oEmbed (https://oembed.com): a site given a playground or embed link asks the endpoint named by
// the page's discovery link for an embeddable iframe. Consumers paste that HTML into their own
// pages, so every URL in it must be absolute. The response is built from the app's absolute base
// and the shared URL alone, by the same code in the browser (the discovery link) and on the
// server (scripts/vite-oembed.ts answers `oembed.json?url=…` for `vite preview` and writes a
// static oembed.json with absolute URLs when the public address is known at build time).

export const OEMBED_FILE = 'oembed.json';
export const DEFAULT_WIDTH = 720;
export const DEFAULT_HEIGHT = 460;
const DEFAULT_QUERY = 'v=1&preset=bg4-like&seed=1';

export interface OEmbedRich {
  version: '1.0';
  type: 'rich';
  provider_name: string;
  provider_url: string;
  title: string;
  author_name: string;
  width: number;
  height: number;
  cache_age: number;
  html: string;
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The discovery link's target: the endpoint with the page's own URL, both absolute. */
export function oembedDiscoveryHref(appBase: string, pageUrl: string): string {
  return `${appBase}${OEMBED_FILE}?url=${encodeURIComponent(pageUrl)}&format=json`;
}

/**
 * The oEmbed answer for `pageUrl` (a playground or embed.html link under `appBase`; null uses
 * the default chart), or null when the URL is not this app's (oEmbed's 404).
 */
export function oembedResponse(appBase: string, pageUrl: string | null, max: { width?: number; height?: number } = {}): OEmbedRich | null {
  let query = DEFAULT_QUERY;
  if (pageUrl !== null) {
    let page: URL;
    let base: URL;
    try {
      page = new URL(pageUrl);
      base = new URL(appBase);
    } catch {
      return null;
    }
    if (page.origin !== base.origin || !page.pathname.startsWith(base.pathname)) return null;
    const params = new URLSearchParams(page.search);
    params.delete('embed');
    query = params.toString() || DEFAULT_QUERY;
  }
  const params = new URLSearchParams(query);
  if (!params.has('chart')) params.set('chart', 'headline');
  const src = `${appBase}embed.html?${params.toString().replace(/%2C/gi, ',').replace(/%3A/gi, ':').replace(/%7E/gi, '~')}`;
  const width = Math.max(200, Math.min(DEFAULT_WIDTH, max.width ?? DEFAULT_WIDTH));
  const height = Math.max(200, Math.min(DEFAULT_HEIGHT, max.height ?? DEFAULT_HEIGHT));
  const preset = params.get('preset');
  const title = preset ? `SSD Playground: ${preset}${params.has('pin') || params.has('figure') ? ' (comparison)' : ''}` : 'SSD Playground';
  return {
    version: '1.0',
    type: 'rich',
    provider_name: 'SSD Playground',
    provider_url: appBase,
    title,
    author_name: 'SSD Playground',
    width,
    height,
    cache_age: 86400,
    html: `<iframe src="${attr(src)}" title="SSD Playground chart" width="${width}" height="${height}" style="border:0;max-width:100%" loading="lazy"></iframe><script async src="${attr(appBase)}embed.js"></script>`,
  };
}

/** Points the page's discovery link at the endpoint with this page's absolute URL. */
export function syncOembedLink(appBase: string, pageUrl: string): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="alternate"][type="application/json+oembed"]');
  if (link) link.href = oembedDiscoveryHref(appBase, pageUrl);
}
