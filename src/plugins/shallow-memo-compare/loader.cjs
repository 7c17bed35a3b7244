/**
 * Webpack/Rspack loader for @docusaurus/theme-common's lib/utils/reactUtils.js.
 *
 * `useShallowMemoObject` sorts an object's keys with `String.prototype.localeCompare` on every
 * render. The first localeCompare of a page creates the browser's ICU collator: 20–50 ms of
 * main-thread work, measured in Chromium (bench:profile), inside the hydration of every docs page
 * (code blocks' word-wrap observer and the docs sidebar use the hook). The keys are property
 * names, so a plain code-unit comparison orders them just as well for a memo key. This loader
 * swaps the comparison and nothing else.
 *
 * If a new Docusaurus changes the line, the build fails here, loudly: check whether the hook
 * still needs the change and update this loader.
 */
'use strict';

const ORIGINAL = 'deps.sort((a, b) => a[0].localeCompare(b[0]));';
const REPLACEMENT = 'deps.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));';

module.exports = function shallowMemoCompareLoader(source) {
  if (!source.includes(ORIGINAL)) {
    throw new Error(
      'shallow-memo-compare-loader: @docusaurus/theme-common/lib/utils/reactUtils.js no longer ' +
        'sorts with localeCompare as expected; update src/plugins/shallow-memo-compare/loader.cjs.',
    );
  }
  return source.replace(ORIGINAL, REPLACEMENT);
};
module.exports.ORIGINAL = ORIGINAL;
