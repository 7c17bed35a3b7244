// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, Suspense, use, useState, type ReactNode } from 'react';
import { hydrateRoot, createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import {
  resetHydratedForTests,
  useHydratedSyncExternalStore,
} from '../../src/browser/hydratedStore';

// React asks for this flag before `act` works outside a test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function makeStore(initial: string) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: string) {
      value = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

let store = makeStore('client');
const server = () => 'server';
let renders: string[] = [];

function Value({ children }: { children?: ReactNode }): ReactNode {
  const value = useHydratedSyncExternalStore(store.subscribe, store.get, server);
  renders.push(value);
  return (
    <p>
      {value}
      {children}
    </p>
  );
}

let container: HTMLElement;
let root: Root | null = null;

beforeEach(() => {
  resetHydratedForTests();
  store = makeStore('client');
  renders = [];
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
});

async function hydrate(element: ReactNode, onRecoverableError = vi.fn()) {
  container.innerHTML = renderToString(element);
  renders = [];
  await act(async () => {
    root = hydrateRoot(container, element, { onRecoverableError });
  });
  return onRecoverableError;
}

describe('useHydratedSyncExternalStore', () => {
  it('hydrates with the server snapshot, without a mismatch, then shows the browser value', async () => {
    const onRecoverableError = await hydrate(<Value />);
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(renders[0]).toBe('server');
    expect(container.textContent).toBe('client');
  });

  it('takes up the browser value in a transition: a suspending child keeps the server content on screen', async () => {
    const never = new Promise<never>(() => {});
    function SuspendsOnClient(): ReactNode {
      const value = useHydratedSyncExternalStore(store.subscribe, store.get, server);
      if (value === 'client') use(never);
      return <span>{value}</span>;
    }
    await hydrate(
      <Suspense fallback={<span>fallback</span>}>
        <SuspendsOnClient />
      </Suspense>,
    );
    // An urgent update would replace the content with the fallback; a transition keeps it.
    expect(container.textContent).toBe('server');
  });

  it('follows every later change of the store', async () => {
    await hydrate(<Value />);
    await act(async () => store.set('changed'));
    expect(container.textContent).toBe('changed');
  });

  it('gives a component mounted after hydration the browser value from its first render', async () => {
    let show: (on: boolean) => void = () => {};
    function Later(): ReactNode {
      const [on, setOn] = useState(false);
      show = setOn;
      return on ? <Value /> : null;
    }
    await hydrate(
      <div>
        <Value />
        <Later />
      </div>,
    );
    renders = [];
    await act(async () => show(true));
    expect(renders[0]).toBe('client');
    expect(container.textContent).toBe('clientclient');
  });

  it('renders the browser value at once on a page rendered only in the browser, after a hydration', async () => {
    await hydrate(<Value />);
    act(() => root?.unmount());
    renders = [];
    root = createRoot(container);
    await act(async () => root!.render(<Value />));
    expect(renders).toEqual(['client']);
  });
});
