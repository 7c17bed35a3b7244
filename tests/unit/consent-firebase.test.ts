import { beforeEach, describe, expect, it, vi } from 'vitest';

const firebaseApp = vi.hoisted(() => ({
  getApps: vi.fn(() => [] as { name: string }[]),
  initializeApp: vi.fn((options: object) => ({ name: '[DEFAULT]', options })),
}));
const firebaseAnalytics = vi.hoisted(() => ({
  getAnalytics: vi.fn(() => ({})),
  isSupported: vi.fn(async () => true),
}));
vi.mock('firebase/app', () => firebaseApp);
vi.mock('firebase/analytics', () => firebaseAnalytics);

const firebase = {
  apiKey: 'demo-api-key',
  authDomain: 'demo-visionapi.firebaseapp.com',
  projectId: 'demo-visionapi',
  appId: '1:000000000000:web:0123456789abcdef',
  measurementId: 'G-TEST123',
  authEmulatorHost: '127.0.0.1:9099',
};

// A fresh module per test: "once per page" state lives in the module.
async function freshModule() {
  vi.resetModules();
  return import('../../src/consent/firebaseAnalytics');
}

function fire(target: EventTarget, times = 1) {
  for (let i = 0; i < times; i += 1) target.dispatchEvent(new Event('enableFirebaseAnalytics'));
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Firebase Analytics on enableFirebaseAnalytics', () => {
  beforeEach(() => {
    firebaseApp.getApps.mockReset().mockReturnValue([]);
    firebaseApp.initializeApp.mockClear();
    firebaseAnalytics.getAnalytics.mockReset().mockReturnValue({});
    firebaseAnalytics.isSupported.mockReset().mockResolvedValue(true);
  });

  it('initialises exactly once however often the event arrives, and logs success', async () => {
    const { listenForFirebaseAnalytics } = await freshModule();
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const target = new EventTarget();
    const stop = listenForFirebaseAnalytics({ firebase, target });

    expect(firebaseApp.initializeApp).not.toHaveBeenCalled();
    fire(target, 3);
    await settle();
    fire(target);
    await settle();

    expect(firebaseApp.initializeApp).toHaveBeenCalledTimes(1);
    expect(firebaseApp.initializeApp).toHaveBeenCalledWith({
      apiKey: firebase.apiKey,
      authDomain: firebase.authDomain,
      projectId: firebase.projectId,
      appId: firebase.appId,
      measurementId: 'G-TEST123',
    });
    expect(firebaseAnalytics.getAnalytics).toHaveBeenCalledTimes(1);
    expect(log.mock.calls).toEqual([['Firebase Analytics initialized']]);
    stop();
  });

  it('does nothing before the event, without a measurement id, or without consent', async () => {
    const { listenForFirebaseAnalytics } = await freshModule();
    const target = new EventTarget();
    const stopA = listenForFirebaseAnalytics({
      firebase: { ...firebase, measurementId: '' },
      target,
    });
    const stopB = listenForFirebaseAnalytics({ firebase, target, isAllowed: () => false });
    await settle();
    expect(firebaseApp.initializeApp).not.toHaveBeenCalled();
    fire(target);
    await settle();
    expect(firebaseApp.initializeApp).not.toHaveBeenCalled();
    expect(firebaseAnalytics.getAnalytics).not.toHaveBeenCalled();
    stopA();
    stopB();
  });

  it('reuses a Firebase app another module already initialised', async () => {
    const existing = { name: '[DEFAULT]' };
    firebaseApp.getApps.mockReturnValue([existing]);
    const { startFirebaseAnalytics } = await freshModule();
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await startFirebaseAnalytics(firebase);
    expect(firebaseApp.initializeApp).not.toHaveBeenCalled();
    expect(firebaseAnalytics.getAnalytics).toHaveBeenCalledWith(existing);
  });

  it('logs the failure with the error, and a later event may try again', async () => {
    const failure = new Error('analytics/no-app-id');
    firebaseAnalytics.getAnalytics.mockImplementationOnce(() => {
      throw failure;
    });
    const { startFirebaseAnalytics } = await freshModule();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);

    await startFirebaseAnalytics(firebase);
    expect(error).toHaveBeenCalledWith('Error initializing Firebase Analytics:', failure);
    expect(log).not.toHaveBeenCalled();

    await startFirebaseAnalytics(firebase);
    expect(log.mock.calls).toEqual([['Firebase Analytics initialized']]);
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('reports an unsupported browser as a failure', async () => {
    firebaseAnalytics.isSupported.mockResolvedValue(false);
    const { startFirebaseAnalytics } = await freshModule();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await startFirebaseAnalytics(firebase);
    expect(error).toHaveBeenCalledWith('Error initializing Firebase Analytics:', expect.any(Error));
    expect(firebaseAnalytics.getAnalytics).not.toHaveBeenCalled();
  });
});
