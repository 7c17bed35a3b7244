/**
 * The SDKs' generated files are what the contract makes today, and the TypeScript package's
 * committed build (dist/, what `npx visionapi` and `import 'visionapi'` run) is the build of its
 * sources. Either fails with the command that brings it up to date.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_FILES, SDK_COMMAND, sdkSources } from '../../../scripts/generate-sdk';
import { buildOutputs, DIST } from '../../../packages/typescript/scripts/build.mjs';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

describe('generated SDK sources', () => {
  it(`are current (else: ${SDK_COMMAND})`, async () => {
    const sources = await sdkSources();
    for (const [key, file] of Object.entries(GENERATED_FILES)) {
      expect(
        readFileSync(file, 'utf8') === sources[key as keyof typeof sources],
        `${path.relative(process.cwd(), file)} is stale: run ${SDK_COMMAND}`,
      ).toBe(true);
    }
  }, 30_000);
});

describe('the TypeScript package build', () => {
  it('dist/ is the build of src/ (else: npm run build -w visionapi)', () => {
    const built = buildOutputs();
    const committed = filesUnder(DIST).sort();
    expect(committed.map((f) => path.relative(DIST, f))).toEqual(
      [...built.keys()].sort().map((f) => path.relative(DIST, f)),
    );
    for (const [file, text] of built) {
      expect(
        readFileSync(file, 'utf8') === text,
        `dist/${path.relative(DIST, file)} is stale`,
      ).toBe(true);
    }
    // Transpiling every file (32 with events.ts and listen.ts) took 4.7 to 10 s on a shared
    // 2-core machine: more than the default 5 s.
  }, 30_000);
});
