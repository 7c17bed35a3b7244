// Used only by tools that still ask for Babel; the build itself compiles with SWC
// through @docusaurus/faster (experimental_faster in docusaurus.config.ts).
module.exports = {
  presets: [require.resolve('@docusaurus/core/lib/babel/preset')],
};
