/**
 * "Copy page as Markdown" copies the page's Markdown or fails with a message: a server that
 * answers the .md path with its HTML app shell (a dev server without the file, a host's
 * fallback) never puts a page of HTML on the clipboard.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchText } from '@site/src/components/CopyPageMarkdown';

const answer = (body: string, type: string, status = 200) =>
  vi.fn(async () => new Response(body, { status, headers: { 'content-type': type } }));

afterEach(() => vi.unstubAllGlobals());

describe('the Markdown a copy takes', () => {
  it("is the file's text", async () => {
    vi.stubGlobal('fetch', answer('# Object detection\n', 'text/markdown; charset=utf-8'));
    await expect(fetchText('/dashboard/x.md')).resolves.toBe('# Object detection\n');
  });

  it('is refused when the server answers HTML, by its type or by its first bytes', async () => {
    vi.stubGlobal('fetch', answer('<!doctype html><html><body>app</body></html>', 'text/html'));
    await expect(fetchText('/dashboard/x.md')).rejects.toThrow(/HTML, not Markdown/);
    vi.stubGlobal('fetch', answer('  <!DOCTYPE html><html></html>', 'application/octet-stream'));
    await expect(fetchText('/dashboard/x.md')).rejects.toThrow(/HTML, not Markdown/);
  });

  it('is refused on a 404', async () => {
    vi.stubGlobal('fetch', answer('Not found', 'text/plain', 404));
    await expect(fetchText('/dashboard/x.md')).rejects.toThrow(/404/);
  });
});
