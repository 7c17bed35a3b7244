/** One sample of a Prometheus exposition text, 0 when absent: the first line of `name` whose
 * labels include every one given. */
export function metricSample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const wanted = Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`));
    if (wanted) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}
