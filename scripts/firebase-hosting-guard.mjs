#!/usr/bin/env node
// The `predeploy` hook of the repository's firebase.json hosting section. The site's
// Content-Security-Policy allows the inline scripts and hosts of one particular build, so it cannot
// live in this static file: every build writes its complete hosting config (all headers) to
// build/firebase.json. Deploying with the repository's config would ship the site without them.
console.error(
  [
    'Refusing to deploy with the repository firebase.json: it carries no security headers.',
    "Deploy the build's own hosting config, which does (CSP with the build's script hashes, HSTS, …):",
    '  npm run build   # with the production variables (README, "Deploying")',
    '  npx firebase deploy --only hosting --config build/firebase.json --project <project-id>',
  ].join('\n'),
);
process.exit(1);
