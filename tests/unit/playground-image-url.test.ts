/** The playground's "Image URL" field: what the browser checks before the services host fetches. */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_URL_LENGTH } from '../../contract/limits';
import { canShowImage, checkImageUrl, imageUrlCurl } from '../../src/playground/image-url';

describe('checkImageUrl', () => {
  it('accepts absolute http and https URLs, trimmed, as typed', () => {
    expect(checkImageUrl('https://example.com/cat.jpg')).toEqual({
      url: 'https://example.com/cat.jpg',
    });
    expect(checkImageUrl('  http://localhost:3001/img/samples/street.jpg\n')).toEqual({
      url: 'http://localhost:3001/img/samples/street.jpg',
    });
    // Not normalised: the server receives what the reader typed (its query string untouched).
    expect(checkImageUrl('HTTPS://Example.com/a b.png?x=1&y=%20')).toEqual({
      url: 'HTTPS://Example.com/a b.png?x=1&y=%20',
    });
  });

  it('asks for a URL when the field is empty or blank', () => {
    expect(checkImageUrl('')).toEqual({ error: 'Enter the URL of an image.' });
    expect(checkImageUrl('   ')).toEqual({ error: 'Enter the URL of an image.' });
  });

  it('refuses what is not an absolute URL', () => {
    for (const text of ['example.com/cat.jpg', '/img/samples/street.jpg', 'cat.jpg', 'https://']) {
      expect(checkImageUrl(text), text).toEqual({
        error: 'Enter a full URL, starting with https:// or http://.',
      });
    }
  });

  it('refuses schemes other than http and https', () => {
    for (const text of [
      'ftp://example.com/cat.jpg',
      'file:///etc/passwd',
      'data:image/png;base64,iVBORw0KGgo=',
      'javascript:alert(1)',
      'blob:https://example.com/0b2c',
    ]) {
      expect(checkImageUrl(text), text).toEqual({
        error: 'Only http and https URLs can be fetched.',
      });
    }
  });

  it('refuses credentials in the URL, as the server does', () => {
    expect(checkImageUrl('https://user:secret@example.com/cat.jpg')).toEqual({
      error: 'URLs with a user name or password are not fetched.',
    });
    expect(checkImageUrl('https://user@example.com/cat.jpg')).toEqual({
      error: 'URLs with a user name or password are not fetched.',
    });
  });

  it("bounds the length at the contract's MAX_IMAGE_URL_LENGTH", () => {
    const base = 'https://example.com/';
    const longest = base + 'a'.repeat(MAX_IMAGE_URL_LENGTH - base.length);
    expect(longest).toHaveLength(MAX_IMAGE_URL_LENGTH);
    expect(checkImageUrl(longest)).toEqual({ url: longest });
    expect(checkImageUrl(`${longest}a`)).toEqual({
      error: `The URL is longer than ${MAX_IMAGE_URL_LENGTH} characters.`,
    });
    // Surrounding blanks are not counted.
    expect(checkImageUrl(` ${longest} `)).toEqual({ url: longest });
  });
});

describe('canShowImage', () => {
  const page = 'https://visionapi.example';
  it("shows images of the page's own origin only (the policy's img-src 'self')", () => {
    expect(canShowImage('https://visionapi.example/img/samples/street.jpg', page)).toBe(true);
    expect(canShowImage('https://VISIONAPI.example:443/a.png', page)).toBe(true);
    expect(canShowImage('https://cdn.example.com/a.png', page)).toBe(false);
    expect(canShowImage('http://visionapi.example/a.png', page)).toBe(false);
    expect(canShowImage('https://visionapi.example:8443/a.png', page)).toBe(false);
    expect(canShowImage('not a url', page)).toBe(false);
  });
  it('tells localhost and 127.0.0.1 apart, as the browser does', () => {
    expect(canShowImage('http://localhost:3001/a.png', 'http://localhost:3001')).toBe(true);
    expect(canShowImage('http://127.0.0.1:3001/a.png', 'http://localhost:3001')).toBe(false);
  });
});

describe('imageUrlCurl', () => {
  it('sends image_url and the parameters as JSON, with the key given', () => {
    const curl = imageUrlCurl(
      'https://services.example/object-detection',
      { image_url: 'https://example.com/cat.jpg', confidence_threshold: 0.5, max_results: 20 },
      'YOUR_API_KEY',
    );
    expect(curl).toBe(
      [
        "curl -X POST 'https://services.example/object-detection' \\",
        "  -H 'api-key: YOUR_API_KEY' \\",
        "  -H 'Content-Type: application/json' \\",
        "  -d '{",
        '  "image_url": "https://example.com/cat.jpg",',
        '  "confidence_threshold": 0.5,',
        '  "max_results": 20',
        "}' \\",
        '  --fail-with-body',
      ].join('\n'),
    );
  });

  it('quotes the body for the shell: a URL or a label with a quote arrives as typed', () => {
    const body = {
      image_url: "https://example.com/o'neil's.jpg?a=$HOME&b=`id`",
      queries: ["driver's seat", 'red car'],
    };
    const curl = imageUrlCurl('https://services.example/zero-shot-object-detection', body, 'k');
    // The -d argument as a POSIX shell reads it (printf instead of curl: nothing is sent).
    const word = curl.slice(curl.indexOf("-d '") + 3, curl.lastIndexOf(' \\'));
    const data = execFileSync('sh', ['-c', `printf %s ${word}`], { encoding: 'utf8' });
    expect(JSON.parse(data)).toEqual(body);
  });
});
