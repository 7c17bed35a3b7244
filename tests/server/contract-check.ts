/**
 * Checks recorded answers against the OpenAPI documents the servers publish:
 * each answer's status must be documented for its route and its JSON body
 * must match the documented schema.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import type { Harness, RecordedAnswer } from './helpers';

type OpenApiDoc = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>
  >;
};

export async function expectAnswersMatchOpenApi(h: Harness, answers: RecordedAnswer[]) {
  const docs = {
    api: (await h.api.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as OpenApiDoc,
    services: (
      await h.services.inject({ method: 'GET', url: '/openapi.json' })
    ).json() as OpenApiDoc,
  };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  const problems: string[] = [];
  /** The documented path template (`/v1/credits/orders/{order_id}`) a concrete path matches. */
  const templateOf = (app: 'api' | 'services', path: string): string => {
    if (docs[app].paths[path]) return path;
    const parts = path.split('/');
    const match = Object.keys(docs[app].paths).find((template) => {
      const t = template.split('/');
      return (
        t.length === parts.length &&
        t.every((seg, i) =>
          seg.startsWith('{') && seg.endsWith('}') ? parts[i] !== '' : seg === parts[i],
        )
      );
    });
    return match ?? path;
  };
  for (const answer of answers) {
    if (answer.method === 'OPTIONS') continue; // CORS preflight
    const path = templateOf(answer.app, answer.url.split('?')[0]!);
    const route = docs[answer.app].paths[path]?.[answer.method.toLowerCase()];
    if (!route) {
      // Unknown routes answer 404 {error_message} from the not-found handler.
      if (answer.statusCode !== 404)
        problems.push(`${answer.method} ${path}: undocumented route answered ${answer.statusCode}`);
      else if (!('error_message' in JSON.parse(answer.body)))
        problems.push(`${answer.method} ${path}: 404 without error_message`);
      continue;
    }
    const documented = route.responses[String(answer.statusCode)];
    if (!documented) {
      problems.push(`${answer.method} ${path}: status ${answer.statusCode} is not documented`);
      continue;
    }
    const schema = documented.content?.['application/json']?.schema;
    if (!schema) continue;
    const validate = ajv.compile(schema);
    if (!validate(JSON.parse(answer.body))) {
      problems.push(
        `${answer.method} ${path} ${answer.statusCode}: ${ajv.errorsText(validate.errors)}`,
      );
    }
  }
  expect(problems).toEqual([]);
}
