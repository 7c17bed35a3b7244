/**
 * Brings the generated reference (src/generated/reference/, written by
 * scripts/generate-reference.ts from the contract) up to date before every build and dev start,
 * whichever command starts them (`npm run build`, `npm start`, `build:test`, the benchmarks).
 */
import type { Plugin } from '@docusaurus/types';
import { writeReference } from '../../../scripts/generate-reference';

export default function generatedReference(): Plugin {
  return {
    name: 'generated-reference',
    async loadContent() {
      const changed = await writeReference();
      if (changed.length) console.info(`[generated-reference] updated ${changed.join(', ')}`);
    },
  };
}
