/** Code samples for a deployment call, in curl, Python and JavaScript. */
import { exampleParams, type DeploymentDoc } from './schema-doc';
import { joinUrl } from '../api/url';

export type SampleLanguage = 'curl' | 'python' | 'javascript';

export const API_KEY_PLACEHOLDER = 'YOUR_API_KEY';

const pyValue = (v: number | string[]) => (Array.isArray(v) ? `'${JSON.stringify(v)}'` : String(v));

export function buildCodeSamples(
  doc: DeploymentDoc,
  servicesBaseUrl: string,
  apiKey: string,
): Record<SampleLanguage, string> {
  const url = joinUrl(servicesBaseUrl, doc.path);
  const params = Object.entries(exampleParams(doc));
  const curlFields = params.map(
    ([name, v]) => `  -F '${name}=${Array.isArray(v) ? JSON.stringify(v) : v}' \\\n`,
  );
  const curl =
    `curl -X POST '${url}' \\\n` +
    `  -H 'api-key: ${apiKey}' \\\n` +
    `  -F 'image=@photo.jpg' \\\n` +
    curlFields.join('') +
    `  --fail-with-body`;

  const pyData = params.length
    ? `    data={${params.map(([n, v]) => `'${n}': ${pyValue(v)}`).join(', ')}},\n`
    : '';
  const python =
    `import requests\n\n` +
    `with open('photo.jpg', 'rb') as image:\n` +
    `    response = requests.post(\n` +
    `        '${url}',\n` +
    `        headers={'api-key': '${apiKey}'},\n` +
    `        files={'image': ('photo.jpg', image, 'image/jpeg')},\n` +
    (pyData ? `    ${pyData}` : '') +
    `        timeout=60,\n` +
    `    )\n\n` +
    `result = response.json()\n` +
    `if response.status_code != 200:\n` +
    `    raise RuntimeError(result['error_message'])\n` +
    `print(result)\n`;

  const jsAppends = params
    .map(
      ([n, v]) =>
        `form.append('${n}', ${Array.isArray(v) ? `JSON.stringify(${JSON.stringify(v)})` : `'${v}'`});\n`,
    )
    .join('');
  const javascript =
    `// Node 20+ or a browser: fetch, FormData and Blob are built in.\n` +
    `import { readFile } from 'node:fs/promises';\n\n` +
    `const form = new FormData();\n` +
    `form.append('image', new Blob([await readFile('photo.jpg')], { type: 'image/jpeg' }), 'photo.jpg');\n` +
    jsAppends +
    `\nconst response = await fetch('${url}', {\n` +
    `  method: 'POST',\n` +
    `  headers: { 'api-key': '${apiKey}' },\n` +
    `  body: form,\n` +
    `});\n` +
    `const result = await response.json();\n` +
    `if (!response.ok) throw new Error(result.error_message);\n` +
    `console.log(result);\n`;

  return { curl, python, javascript };
}

/**
 * `va_live_abcd••••••••••••wxyz`: the readable prefix (`va_live_`, `va_test_`, or a legacy
 * `vapi_`), four characters and the last four. Enough to recognise the key, not to use it.
 */
export function maskKey(key: string): string {
  if (key.length <= 12) return '•'.repeat(key.length);
  const prefix = /^va_(?:live|test)_/.test(key) ? 8 : key.startsWith('vapi_') ? 5 : 0;
  const shown = Math.min(prefix + 4, key.length - 8);
  return `${key.slice(0, shown)}${'•'.repeat(12)}${key.slice(-4)}`;
}
