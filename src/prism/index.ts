/**
 * Prism with the site's languages (`prism.additionalLanguages` of docusaurus.config.ts),
 * registered the theme's way (`@theme/prism-include-languages`) when this module is first
 * evaluated. The theme does that in a client module, which put Prism and every language into the
 * main chunk of every page, code or not; the prism-languages plugin empties that client module
 * (issue 24) and the two places that highlight import Prism from here instead: the theme's
 * CodeBlock (its own chunk, fetched by a page with a fenced code block) and StaticCodeBlock.
 */
import { Prism } from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';

prismIncludeLanguages(Prism);

export { Prism };
