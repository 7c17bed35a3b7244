/** URL helpers without regexes: linear whatever the input (see eslint's regexp rules). */

/** `https://api.example.com///` → `https://api.example.com`. */
export function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url.charCodeAt(end - 1) === 0x2f) end--;
  return url.slice(0, end);
}

/** `base` and `path` joined by exactly one slash. */
export function joinUrl(base: string, path: string): string {
  let start = 0;
  while (start < path.length && path.charCodeAt(start) === 0x2f) start++;
  return `${withoutTrailingSlashes(base)}/${path.slice(start)}`;
}
