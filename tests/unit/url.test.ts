import { describe, expect, it } from 'vitest';
import { joinUrl, withoutTrailingSlashes } from '../../src/api/url';

describe('URL helpers', () => {
  it('join a base and a path with exactly one slash', () => {
    expect(joinUrl('http://localhost:4010/v1', 'api-key')).toBe('http://localhost:4010/v1/api-key');
    expect(joinUrl('http://localhost:4010/v1///', '//api-key')).toBe(
      'http://localhost:4010/v1/api-key',
    );
    expect(withoutTrailingSlashes('https://s.example/')).toBe('https://s.example');
    expect(withoutTrailingSlashes('///')).toBe('');
  });

  it('stay linear on a long run of slashes', () => {
    const started = performance.now();
    withoutTrailingSlashes(`x${'/'.repeat(200_000)}y`);
    joinUrl(`x${'/'.repeat(200_000)}`, `${'/'.repeat(200_000)}y`);
    expect(performance.now() - started).toBeLessThan(50);
  });
});
