/**
 * Code samples for a deployment call: curl, Python (requests) and JavaScript (fetch) on the wire,
 * and the official SDKs (packages/typescript, packages/python) and their `visionapi` command.
 */
import { exampleParams, type DeploymentDoc } from './schema-doc';
import { joinUrl, withoutTrailingSlashes } from '../api/url';

export type SampleLanguage = 'curl' | 'typescript' | 'python-sdk' | 'cli' | 'python' | 'javascript';

/** `image-segmentation/semantic` → `imageSegmentationSemantic`, the SDK method (contract/services.ts). */
const sdkMethod = (path: string) =>
  path.replace(/[-/](\w)/g, (_, letter: string) => letter.toUpperCase());
const snake = (camel: string) => camel.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
/** A shell word: single-quoted when it holds anything but safe characters. */
const shellWord = (text: string) =>
  /^[\w.,/:=@-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;

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

  const method = sdkMethod(doc.path);
  const host = withoutTrailingSlashes(servicesBaseUrl);
  const literal = (v: number | string[], quote: string) =>
    Array.isArray(v) ? `[${v.map((item) => `${quote}${item}${quote}`).join(', ')}]` : String(v);
  const tsCall = params.length
    ? `client.${method}('photo.jpg', {\n${params.map(([n, v]) => `    ${n}: ${literal(v, "'")},\n`).join('')}  })`
    : `client.${method}('photo.jpg')`;
  const typescript =
    `import { APIError, VisionAPI } from 'visionapi';\n\n` +
    `const client = new VisionAPI({\n` +
    `  apiKey: '${apiKey}',\n` +
    `  servicesUrl: '${host}',\n` +
    `});\n\n` +
    `try {\n` +
    `  // A path, bytes, a Blob or a URL; resized to 1024 px first when larger; retried safely.\n` +
    `  const result = await ${tsCall};\n` +
    `  console.log(result);\n` +
    `} catch (error) {\n` +
    `  if (!(error instanceof APIError)) throw error;\n` +
    `  console.error(error.code, error.message, error.requestId);\n` +
    `}\n`;

  const pyCall = params.length
    ? `client.${snake(method)}(\n        "photo.jpg",\n${params.map(([n, v]) => `        ${n}=${literal(v, '"')},\n`).join('')}    )`
    : `client.${snake(method)}("photo.jpg")`;
  const pythonSdk =
    `from visionapi import APIError, VisionAPI\n\n` +
    `client = VisionAPI(\n` +
    `    api_key="${apiKey}",\n` +
    `    services_url="${host}",\n` +
    `)\n\n` +
    `try:\n` +
    `    result = ${pyCall}\n` +
    `    print(result)\n` +
    `except APIError as error:\n` +
    `    print(error.code, error.message, error.request_id)\n`;

  const cliParams = params.flatMap(([n, v]) =>
    (Array.isArray(v) ? v : [String(v)]).map(
      (item) => ` \\\n  --param ${shellWord(`${n}=${item}`)}`,
    ),
  );
  const cli =
    `export VISIONAPI_API_KEY='${apiKey}'\n` +
    `export VISIONAPI_SERVICES_URL='${host}'\n\n` +
    `npx visionapi run ${doc.path} photo.jpg${cliParams.join('')}\n`;

  return { curl, typescript, 'python-sdk': pythonSdk, cli, python, javascript };
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
