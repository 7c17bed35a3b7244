/**
 * Docusaurus calls every plugin's `postBuild` at once (`Promise.all` over the plugin list), and
 * some plugins write HTML there: plugin-client-redirects writes its redirect pages, each with an
 * inline script. Hashing the build's inline scripts before they finish would miss those.
 *
 * `waitForLaterPostBuilds` is called synchronously at the start of a plugin's own `postBuild`. The
 * plugins listed after it have not been called yet (Docusaurus starts them one after the other, in
 * list order, each until its first `await`), so their hooks can still be wrapped; the returned
 * promise settles once all of them have finished. If Docusaurus ever stops calling the hooks it
 * was given (it copies the list, or awaits each in turn), the wrapped hooks are not started by the
 * next macrotask and the promise rejects instead of waiting forever.
 */
interface PostBuildPlugin {
  name: string;
  postBuild?: (props: never) => Promise<void> | void;
}

export async function waitForLaterPostBuilds(
  plugins: readonly PostBuildPlugin[],
  self: string,
): Promise<void> {
  const index = plugins.findIndex((plugin) => plugin.name === self);
  if (index < 0) throw new Error(`${self}: not in the plugin list`);
  const later = plugins.slice(index + 1).filter((plugin) => plugin.postBuild);
  const originals = new Map(later.map((plugin) => [plugin, plugin.postBuild!] as const));
  const started = new Set<PostBuildPlugin>();
  const finished = later.map(
    (plugin) =>
      new Promise<void>((resolve, reject) => {
        const original = originals.get(plugin)!;
        plugin.postBuild = (props: never) => {
          started.add(plugin);
          plugin.postBuild = original;
          let result: Promise<void>;
          try {
            result = Promise.resolve(original.call(plugin, props));
          } catch (error) {
            result = Promise.reject(error);
          }
          result.then(resolve, reject);
          return result;
        };
      }),
  );
  await new Promise((resolve) => setImmediate(resolve));
  const notStarted = later.filter((plugin) => !started.has(plugin));
  if (notStarted.length > 0) {
    for (const plugin of notStarted) plugin.postBuild = originals.get(plugin);
    throw new Error(
      `${self}: the postBuild hooks of ${notStarted.map((p) => p.name).join(', ')} were not started ` +
        'together with this one; Docusaurus changed how it runs them (see postBuildOrder.ts).',
    );
  }
  await Promise.all(finished);
}
