import { describe, expect, it, vi } from 'vitest';
import { playgroundRoleMessage, roleNeededMessage } from '../../src/api/roles';
import { createServicesClient } from '../../src/api/services';
import { apiKeyFixture } from './support/apiKey';

const key = apiKeyFixture;

describe('services client', () => {
  it('posts to {task}/{sub} with the first used_for_ui key in the api-key header', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ sandbox: true }), { status: 200 }),
    );
    const client = createServicesClient({
      baseUrl: () => 'http://services.test',
      getApiKeys: async () => ({
        data: {
          api_keys: [
            key({ id: 'a', is_default: true }),
            key({ id: 'b', key: 'va_test_ui', used_for_ui: true }),
            key({ id: 'c', key: 'va_test_second_ui', used_for_ui: true }),
          ],
        },
      }),
      fetch: fetchMock,
    });
    const result = await client.processImage({
      task: 'image-segmentation',
      sub: 'semantic',
      body: { image: 'x' },
    });
    expect(result).toEqual({ data: { sandbox: true } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://services.test/image-segmentation/semantic');
    expect((init.headers as Record<string, string>)['api-key']).toBe('va_test_ui');
  });

  it("sends the member's own in-browser key: the first one whose secret the list shows (issue 31)", async () => {
    const client = createServicesClient({
      baseUrl: () => 'http://services.test',
      getApiKeys: async () => ({
        data: {
          api_keys: [
            // Another member's in-browser key: listed without its secret.
            key({ id: 'owner-ui', used_for_ui: true }),
            key({ id: 'mine', key: 'va_live_mine', used_for_ui: true }),
          ],
        },
      }),
      fetch: vi.fn(),
    });
    expect(await client.findUiKey()).toBe('va_live_mine');
  });

  it("says 'Sign In is required to proceed!' when there is no UI key or no user", async () => {
    const fetchMock = vi.fn();
    const none = createServicesClient({
      baseUrl: () => 'http://services.test',
      getApiKeys: async () => ({ data: { api_keys: [key({})] } }),
      fetch: fetchMock,
    });
    expect(await none.processImage({ task: 'object-detection', body: {} })).toEqual({
      error_message: 'Sign In is required to proceed!',
    });
    // A UI key listed without its secret (another organization's view) cannot be sent either.
    const hidden = createServicesClient({
      baseUrl: () => 'http://services.test',
      getApiKeys: async () => ({ data: { api_keys: [key({ used_for_ui: true })] } }),
      fetch: fetchMock,
    });
    expect(await hidden.findUiKey()).toBeNull();
    expect((await hidden.processImage({ task: 'object-detection', body: {} })).error_message).toBe(
      'Sign In is required to proceed!',
    );
    const signedOut = createServicesClient({
      baseUrl: () => 'http://services.test',
      getApiKeys: async () => ({ error_message: 'Authentication error' }),
      fetch: fetchMock,
    });
    expect(
      (await signedOut.processImage({ task: 'object-detection', body: {} })).error_message,
    ).toBe('Sign In is required to proceed!');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says which role a signed-in member needs when their role reads no key secret', async () => {
    const fetchMock = vi.fn();
    const billing = createServicesClient({
      baseUrl: () => 'http://services.test',
      getApiKeys: async () => ({ error_message: 'This needs another role', status: 403 }),
      noKeyMessage: async () => playgroundRoleMessage({ name: 'Acme Vision', role: 'billing' }),
      fetch: fetchMock,
    });
    expect((await billing.processImage({ task: 'object-detection', body: {} })).error_message).toBe(
      'Trying a deployment here needs the owner, admin or developer role; your role in Acme Vision is billing.',
    );
    // A role that may read the secret but finds no key: the spec's message.
    const admin = createServicesClient({
      baseUrl: () => 'http://services.test',
      getApiKeys: async () => ({ data: { api_keys: [] } }),
      noKeyMessage: async () => playgroundRoleMessage({ name: 'Acme Vision', role: 'admin' }),
      fetch: fetchMock,
    });
    expect((await admin.processImage({ task: 'object-detection', body: {} })).error_message).toBe(
      'Sign In is required to proceed!',
    );
    // A developer has their own in-browser key (issue 31): none found is the spec's message.
    const developer = createServicesClient({
      baseUrl: () => 'http://services.test',
      getApiKeys: async () => ({ data: { api_keys: [] } }),
      noKeyMessage: async () => playgroundRoleMessage({ name: 'Acme Vision', role: 'developer' }),
      fetch: fetchMock,
    });
    expect(
      (await developer.processImage({ task: 'object-detection', body: {} })).error_message,
    ).toBe('Sign In is required to proceed!');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('names the roles an operation needs from the contract', () => {
    expect(playgroundRoleMessage({ name: 'Lab', role: 'viewer' })).toBe(
      'Trying a deployment here needs the owner, admin or developer role; your role in Lab is viewer.',
    );
    expect(playgroundRoleMessage({ name: 'Lab', role: 'owner' })).toBeNull();
    expect(
      roleNeededMessage('Inviting members', 'POST /team/invitations', {
        name: 'Lab',
        role: 'developer',
      }),
    ).toBe('Inviting members needs the owner or admin role; your role in Lab is developer.');
  });

  it('returns the server error_message, or the default image message', async () => {
    const make = (impl: () => Promise<Response>) =>
      createServicesClient({
        baseUrl: () => 'http://s.test',
        getApiKeys: async () => ({ data: { api_keys: [] } }),
        fetch: vi.fn(impl),
      });
    const call = { task: 'object-detection', body: {}, apiKey: 'va_test_x' };
    expect(
      await make(
        async () =>
          new Response(JSON.stringify({ error_message: 'Insufficient credits' }), { status: 402 }),
      ).processImage(call),
    ).toEqual({ error_message: 'Insufficient credits', status: 402 });
    expect(
      (await make(async () => Promise.reject(new TypeError('down'))).processImage(call))
        .error_message,
    ).toBe('An error occurred while processing the image.');
  });
});
