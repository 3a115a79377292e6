// oEmbed for the served app. A static host cannot answer per URL, so:
// - `vite preview` / `vite dev` answer `oembed.json?url=<page>&maxwidth=…` themselves, with
//   absolute URLs built from the request's own address (the discovery link the page sets at
//   run time points here);
// - a build with SSD_PUBLIC_URL=https://host/sub/path/ writes oembed.json with absolute URLs for
//   that address (the default chart: a static file is the same answer for every `url`).
// Without SSD_PUBLIC_URL the static oembed.json from public/ stays, and its URLs are relative:
// fine next to the app, not for consumers elsewhere (a static host cannot do better without
// knowing its own address).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Connect, Plugin } from 'vite';
import { OEMBED_FILE, oembedResponse } from '../web/src/session/oembed.ts';

function answer(req: IncomingMessage, res: ServerResponse, next: Connect.NextFunction): void {
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
  if (!url.pathname.endsWith(`/${OEMBED_FILE}`) || !url.searchParams.has('url')) return next();
  const format = url.searchParams.get('format');
  if (format !== null && format !== 'json') {
    res.statusCode = 501; // oEmbed: the format this provider does not offer
    res.end();
    return;
  }
  const base = `${url.origin}${url.pathname.slice(0, -OEMBED_FILE.length)}`;
  const num = (key: string) => {
    const n = Number(url.searchParams.get(key));
    return Number.isFinite(n) && n > 0 ? n : undefined;
  };
  const body = oembedResponse(base, url.searchParams.get('url'), { width: num('maxwidth'), height: num('maxheight') });
  if (!body) {
    res.statusCode = 404;
    res.end();
    return;
  }
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.end(JSON.stringify(body));
}

export function oembedPlugin(publicUrl = process.env.SSD_PUBLIC_URL): Plugin {
  let outDir = '';
  return {
    name: 'ssd-oembed',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    configureServer(server) {
      server.middlewares.use(answer);
    },
    configurePreviewServer(server) {
      server.middlewares.use(answer);
    },
    closeBundle() {
      if (!publicUrl) return;
      const base = publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`;
      writeFileSync(join(outDir, OEMBED_FILE), `${JSON.stringify(oembedResponse(base, null), null, 2)}\n`);
    },
  };
}
