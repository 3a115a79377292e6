// The built site keeps itself for offline use (dist/sw.js, written by scripts/vite-offline.ts).
// Registered from the page's own folder, so it works at any path of any static host. Not in
// development (Vite serves modules that change), and not from an embed: the host page's frame
// may not keep storage, and the page it embeds registers it when visited.
export function keepForOffline(embedded: boolean): void {
  if (!import.meta.env.PROD || embedded || !('serviceWorker' in navigator)) return;
  // A browser that refuses (private mode, an http address other than localhost) still runs the
  // page online: nothing to report.
  const register = () => void navigator.serviceWorker.register('./sw.js').catch(() => undefined);
  // Once the page has loaded and is idle: installing fetches the whole site (the wasm engine
  // among it), which must not compete with a first visit's first chart on 2 cores.
  const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(register, { timeout: 3000 }) : setTimeout(register, 1000));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
