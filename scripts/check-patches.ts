/**
 * npm run check:patches — every loader, replacement and post-build patch of src/plugins/ applied
 * to the installed files (src/plugins/checks.ts), in seconds instead of a production build. Fails
 * with the plugin's name and the anchor that moved.
 *
 *   tsx scripts/check-patches.ts [--modules <node_modules folder>] [--overlay <folder>]
 *
 * --overlay: files found under that folder (by their path inside node_modules) are read in place
 * of the installed ones; tests/unit/check-patches.test.ts alters an anchor that way.
 */
import path from 'node:path';
import { runPatchChecks } from '../src/plugins/checks';

const args = process.argv.slice(2);
const modulesDir = args.includes('--modules')
  ? args[args.indexOf('--modules') + 1]!
  : path.resolve(__dirname, '../node_modules');
const overlayDir = args.includes('--overlay') ? args[args.indexOf('--overlay') + 1] : undefined;

async function main(): Promise<void> {
  const started = performance.now();
  const results = await runPatchChecks(modulesDir, { overlayDir });
  const failed = results.filter((result) => result.error);
  for (const result of results) {
    console.log(
      result.error
        ? `✗ ${result.error}`
        : `✓ ${result.plugin} (${result.files.length} installed file${result.files.length === 1 ? '' : 's'})`,
    );
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (failed.length > 0) {
    console.error(
      `\n${failed.length} of ${results.length} patches no longer fit the installed packages (${seconds} s): ` +
        "see each plugin's README (src/plugins/<name>/README.md).",
    );
    process.exit(1);
  }
  console.log(`\nAll ${results.length} patches fit the installed packages (${seconds} s).`);
}

void main();
