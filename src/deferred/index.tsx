/**
 * Components that most pages do not show, loaded only by a page that does (issue 24): the theme's
 * CodeBlock, Admonition and Details, the doc footer, the colour-mode toggle
 * (the site has none).
 *
 * In the browser, each is a lazy chunk in a Suspense boundary of its own. A page being hydrated
 * keeps the server's HTML for it until the chunk arrives (React leaves a suspended boundary
 * dehydrated); after a client-side navigation, the fallback shows for the moment the chunk takes.
 * On the server, the same boundary holds the component itself (./components.ts), so the static
 * HTML is complete and has no fallback.
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { serverComponents } from './components';

export type DeferredName =
  'CodeBlock' | 'Admonition' | 'MDXDetails' | 'DocFooter' | 'NavbarColorModeToggle';

export function deferred<P extends object>(
  name: DeferredName,
  load: () => Promise<{ default: ComponentType<P> }>,
  fallback: (props: P) => ReactNode,
): (props: P) => ReactNode {
  const Lazy = lazy(load);
  return function Deferred(props: P): ReactNode {
    const Server = serverComponents[name] as ComponentType<P> | undefined;
    return (
      <Suspense fallback={fallback(props)}>
        {Server ? <Server {...props} /> : <Lazy {...props} />}
      </Suspense>
    );
  };
}
