/**
 * Brings the generated plain-data copies of the contract up to date before every build and dev
 * start, whichever command starts them (`npm run build`, `npm start`, `build:test`, the
 * benchmarks): the docs' reference (src/generated/reference/, scripts/generate-reference.ts) and
 * the operations index (contract/operations.generated.ts, scripts/generate-operations.ts).
 */
import type { Plugin } from '@docusaurus/types';
import { writeOperationsIndex } from '../../../scripts/generate-operations';
import { writeReference } from '../../../scripts/generate-reference';

export default function generatedReference(): Plugin {
  return {
    name: 'generated-reference',
    async loadContent() {
      const changed = await writeReference();
      if (changed.length) console.info(`[generated-reference] updated ${changed.join(', ')}`);
      if (await writeOperationsIndex()) {
        console.info('[generated-reference] updated contract/operations.generated.ts');
      }
    },
  };
}
