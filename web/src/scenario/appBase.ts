/** Absolute URL of the directory the page is served from (the app works from any sub-path). */
export function appBase(): string {
  return new URL('.', location.href).href;
}
