/**
 * check:patches for security-headers (src/plugins/patchCheck.ts): core still starts every
 * plugin's postBuild at once, in list order (postBuildOrder.ts wraps the hooks of the plugins after
 * it, such as the client redirects that write pages, and waits for them before hashing), and the
 * wrapping still waits for a later plugin's hook when run the way core runs them.
 */
import type { PatchCheck } from '../patchCheck';
import { expectThat } from '../patchCheck';
import { waitForLaterPostBuilds } from './postBuildOrder';

export const BUILD_LOCALE = '@docusaurus/core/lib/commands/build/buildLocale.js';

const check: PatchCheck = {
  plugin: 'security-headers',
  anchors: [
    { file: BUILD_LOCALE, find: 'await Promise.all(plugins.map(async (plugin) => {' },
    { file: BUILD_LOCALE, find: 'await plugin.postBuild({' },
  ],
  async run() {
    const order: string[] = [];
    const plugins: { name: string; postBuild?: () => Promise<void> }[] = [
      {
        name: 'security-headers',
        postBuild: async () => {
          await waitForLaterPostBuilds(plugins, 'security-headers');
          order.push('headers');
        },
      },
      {
        name: 'client-redirects',
        postBuild: async () => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          order.push('redirects');
        },
      },
    ];
    // As buildLocale.js's executePluginsPostBuild runs them.
    await Promise.all(
      plugins.map(async (plugin) => {
        if (!plugin.postBuild) return;
        await plugin.postBuild();
      }),
    );
    expectThat(order.join() === 'redirects,headers', `postBuild order was ${order.join()}`);
  },
};

export default check;
