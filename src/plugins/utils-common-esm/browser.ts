/**
 * @docusaurus/utils-common as the browser build sees it (src/plugins/utils-common-esm): the same
 * exports, re-exported from the package's own files as an ES module, so the bundler keeps only
 * what the pages use and tslib (required whole by the package's CommonJS index) stays out.
 * tests/unit/utils-common-esm.test.ts fails when the package's export list changes.
 */
export {
  default as applyTrailingSlash,
  addTrailingSlash,
  addLeadingSlash,
  removeTrailingSlash,
} from '@docusaurus/utils-common/lib/applyTrailingSlash';
export {
  addPrefix,
  removeSuffix,
  addSuffix,
  removePrefix,
} from '@docusaurus/utils-common/lib/stringUtils';
export { getErrorCausalChain } from '@docusaurus/utils-common/lib/errorUtils';

// __ prefix allows search crawlers (Algolia/DocSearch) to ignore anchors (the package's words).
export const blogPostContainerID = '__blog-post-container';
