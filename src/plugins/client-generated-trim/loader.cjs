/**
 * Webpack/Rspack loader of the browser build for three files of .docusaurus/ (see README.md and
 * trim.cjs): the site configuration, the site metadata and the route registry lose what only the
 * Node side reads.
 */
'use strict';

const path = require('node:path');
const { trimRegistry, trimSiteConfig, trimSiteMetadata } = require('./trim.cjs');

const TRIMS = {
  'docusaurus.config.mjs': trimSiteConfig,
  'site-metadata.json': trimSiteMetadata,
  'registry.js': trimRegistry,
};

module.exports = function clientGeneratedTrimLoader(source) {
  const trim = TRIMS[path.basename(this.resourcePath)];
  if (!trim) throw new Error(`client-generated-trim: unexpected file ${this.resourcePath}`);
  return trim(source);
};
