/**
 * src/clientModules/serviceWorker.ts: the worker is registered under plugin-pwa's own URL, and
 * plugin-pwa's update handling (workbox-window, the reload popup) is loaded only once an updated
 * worker waits behind an active one.
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('@docusaurus/ExecutionEnvironment', () => ({ default: { canUseDOM: false } }));

const { FIRST_VIEW_DELAY_MS, serviceWorkerUrl, whenPageSettled, whenWorkerWaits } =
  await import('../../src/clientModules/serviceWorker');

class FakeWorker extends EventTarget {
  state = 'installing';
  become(state: string, registration: FakeRegistration) {
    this.state = state;
    if (state === 'installed') {
      // The registration's slots change before the worker's statechange event, as the spec orders.
      registration.waiting = this;
      registration.installing = null;
    }
    if (state === 'activating') {
      registration.active = this;
      registration.waiting = null;
    }
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = null;
  update() {
    const worker = new FakeWorker();
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    return worker;
  }
}

const watch = (registration: FakeRegistration) => {
  const onWaiting = vi.fn();
  whenWorkerWaits(registration as unknown as ServiceWorkerRegistration, onWaiting);
  return onWaiting;
};

describe('service worker registration', () => {
  it('uses the URL plugin-pwa registers, so its later registration finds the same worker', () => {
    expect(serviceWorkerUrl(true, false, '/sw.js')).toBe(
      '/sw.js?params=%7B%22offlineMode%22%3Atrue%2C%22debug%22%3Afalse%7D',
    );
  });

  it('loads nothing on a first install, which passes through waiting with no active worker', () => {
    const registration = new FakeRegistration();
    const worker = registration.update();
    const onWaiting = watch(registration);
    worker.become('installed', registration);
    worker.become('activating', registration);
    worker.become('activated', registration);
    expect(onWaiting).not.toHaveBeenCalled();
  });

  it('loads nothing on a visit without a new deployment', () => {
    const registration = new FakeRegistration();
    registration.active = new FakeWorker();
    expect(watch(registration)).not.toHaveBeenCalled();
  });

  it('hands over at once when an updated worker already waits', () => {
    const registration = new FakeRegistration();
    registration.active = new FakeWorker();
    registration.waiting = new FakeWorker();
    expect(watch(registration)).toHaveBeenCalledTimes(1);
  });

  it('hands over once the update installing now, or a later one, has installed', () => {
    const registration = new FakeRegistration();
    registration.active = new FakeWorker();
    const installing = registration.update();
    const onWaiting = watch(registration);
    expect(onWaiting).not.toHaveBeenCalled();
    installing.become('installed', registration);
    expect(onWaiting).toHaveBeenCalledTimes(1);

    const later = new FakeRegistration();
    later.active = new FakeWorker();
    const onLater = watch(later);
    const update = later.update();
    update.become('installed', later);
    // Once only, however many updates follow.
    later.update().become('installed', later);
    expect(onLater).toHaveBeenCalledTimes(1);
  });
});

describe('when the worker is registered', () => {
  /** A page whose load, idle periods, timers and page change the test controls; logs the order. */
  function page(firstView: boolean) {
    const log: string[] = [];
    const pending: Record<string, () => void> = {};
    const step = (name: string) => () =>
      new Promise<void>((resolve) => {
        log.push(name);
        pending[name] = resolve;
      });
    let changePage: () => void = () => undefined;
    const settled = whenPageSettled({
      loaded: step('load'),
      idle: step('idle'),
      wait: (ms) => step(`wait ${ms}`)(),
      firstView,
      pageChange: new Promise<void>((resolve) => (changePage = resolve)),
    }).then(() => log.push('register'));
    const fire = async (name: string) => {
      pending[name]!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    return { log, fire, settled, changePage };
  }

  it('on a later page view: at the first idle period after load', async () => {
    const p = page(false);
    await p.fire('load');
    expect(p.log).toEqual(['load', 'idle']);
    await p.fire('idle');
    await p.settled;
    expect(p.log).toEqual(['load', 'idle', 'register']);
  });

  it('on a first page view: a delay and another idle period after the first one', async () => {
    const p = page(true);
    await p.fire('load');
    await p.fire('idle');
    expect(p.log).toEqual(['load', 'idle', `wait ${FIRST_VIEW_DELAY_MS}`]);
    await p.fire(`wait ${FIRST_VIEW_DELAY_MS}`);
    expect(p.log.at(-1)).toBe('idle');
    await p.fire('idle');
    await p.settled;
    expect(p.log.at(-1)).toBe('register');
  });

  it('on a first page view: at once when the reader moves to another page first', async () => {
    const p = page(true);
    await p.fire('load');
    await p.fire('idle');
    p.changePage();
    await p.settled;
    expect(p.log).toEqual(['load', 'idle', `wait ${FIRST_VIEW_DELAY_MS}`, 'register']);
  });

  it('never before the page has loaded', async () => {
    const p = page(false);
    p.changePage();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(p.log).toEqual(['load']);
  });
});
