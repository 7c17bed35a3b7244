/**
 * The SDK samples of every deployment page call what the SDKs have: the TypeScript method, the
 * Python method and the CLI's deployment and parameters, each as the SDK's own tables name them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEPLOYMENTS, VisionAPI } from '../../../packages/typescript/src/index';
import { buildCodeSamples } from '../../../src/playground/code-samples';
import { DEPLOYMENT_DOCS } from '../../../src/generated/reference';

const PYTHON = readFileSync(
  path.resolve(__dirname, '../../../packages/python/visionapi/_generated.py'),
  'utf8',
);

describe('SDK samples', () => {
  it.each(Object.keys(DEPLOYMENTS))('%s: the samples call the SDKs as they are', (deployment) => {
    const doc = DEPLOYMENT_DOCS[deployment as keyof typeof DEPLOYMENT_DOCS];
    const samples = buildCodeSamples(doc, 'https://services.example.com', 'va_test_key');
    const info = DEPLOYMENTS[deployment as keyof typeof DEPLOYMENTS];

    const ts = /client\.(\w+)\('photo\.jpg'/.exec(samples.typescript)?.[1];
    expect(ts).toBe(info.method);
    expect(typeof (VisionAPI.prototype as unknown as Record<string, unknown>)[ts!]).toBe(
      'function',
    );
    expect(samples.typescript).toContain("servicesUrl: 'https://services.example.com'");

    const py = /client\.(\w+)\(/.exec(samples['python-sdk'])?.[1];
    expect(PYTHON).toContain(`    def ${py}(self, image: ImageInput, *`);

    expect(samples.cli).toContain(`npx visionapi run ${deployment} photo.jpg`);
    for (const [, name] of samples.cli.matchAll(/--param '?(\w+)=/g))
      expect(Object.keys(info.params)).toContain(name);
    for (const [name, param] of Object.entries(info.params))
      if (param.required) expect(samples.cli).toContain(`${name}=`);
  });
});
