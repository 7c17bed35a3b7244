/**
 * The endpoint reference of one public deployment, rendered on the server
 * from the contract: endpoint, authentication, request body, parameters,
 * image limits, response schema with an example, errors, price and rate
 * limits. The page passes its own deployment's reference (`DOC` from the
 * generated src/generated/reference/<slug>.ts) and example answer (`EXAMPLE`
 * from src/playground/examples/<slug>.ts), so it bundles no other deployment.
 */
import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import type { DeploymentPath, DeploymentResult } from '@contract/services';
import { useSiteConfig } from '@site/src/config';
import PricePerCall from '@site/src/components/PricePerCall';
import ScrollTable from '@site/src/components/ScrollTable';
import JsonCodeBlock from '@site/src/components/StaticCodeBlock/Json';
import { IMAGE_LIMITS } from '@site/src/generated/reference/common';
import { OPENAPI_PATHS } from '@site/src/machine-docs/paths';
import { exampleParams, formatRange, type DeploymentDoc } from '@site/src/playground/schema-doc';
import { joinUrl } from '@site/src/api/url';
import {
  ERROR_ROWS,
  exampleJsonBody,
  formatBytes,
  imageTypesText,
  rateLimitText,
  REQUEST_TEXT,
  type Segment,
} from './facts';
import styles from './styles.module.css';

/** Inline `code` in contract descriptions, as elements. */
function Described({ text }: { text: string }): ReactNode {
  return text
    .split(/(`[^`]+`)/)
    .map((part, i) =>
      part.startsWith('`') && part.endsWith('`') ? <code key={i}>{part.slice(1, -1)}</code> : part,
    );
}

export function endpointUrl(baseUrl: string, path: string): string {
  return joinUrl(baseUrl, path);
}

/** Text and site links (facts.ts) as elements. */
function Segments({ segments }: { segments: Segment[] }): ReactNode {
  return segments.map((segment, i) =>
    typeof segment === 'string' ? (
      segment
    ) : (
      <Link key={i} to={segment.to}>
        {segment.label}
      </Link>
    ),
  );
}

function ParamsTable({ doc }: { doc: DeploymentDoc }): ReactNode {
  if (doc.params.length === 0) {
    return <p>This deployment takes no parameters: send only the image.</p>;
  }
  return (
    <ScrollTable label={`${doc.name} parameters`}>
      <table className={styles.table} aria-label={`${doc.name} parameters`}>
        <thead>
          <tr>
            <th scope="col">Parameter</th>
            <th scope="col">Type</th>
            <th scope="col">Default</th>
            <th scope="col">Range</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {doc.params.map((p) => (
            <tr key={p.name} data-param={p.name}>
              <td>
                <code>{p.name}</code>
                {p.required ? <span className={styles.required}> required</span> : null}
              </td>
              <td>
                <code>{p.type}</code>
              </td>
              <td>{p.default !== undefined ? <code>{p.default}</code> : '—'}</td>
              <td>{formatRange(p) || '—'}</td>
              <td>
                <Described text={p.description} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

export default function DeploymentReference({
  doc,
  example: exampleResult,
}: {
  doc: DeploymentDoc;
  /** The deployment's example answer, shown under the response fields. */
  example: DeploymentResult<DeploymentPath>;
}): ReactNode {
  const { servicesBaseUrl } = useSiteConfig();
  const url = endpointUrl(servicesBaseUrl, doc.path);
  const example = exampleParams(doc);
  const jsonBody = exampleJsonBody(example);
  return (
    <section
      className={styles.reference}
      aria-label={`${doc.name} API reference`}
      data-deployment={doc.path}
    >
      <div className={styles.endpoint}>
        <span className={styles.method}>POST</span>
        <code className={styles.url} data-testid="endpoint-url">
          {url}
        </code>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>Authentication</dt>
          <dd>
            Header <code>api-key: YOUR_API_KEY</code> (
            <Link to="/settings/api-keys/">API keys</Link>)
          </dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd data-testid="deployment-price">
            <PricePerCall priceKey={doc.path} />
          </dd>
        </div>
        <div>
          <dt>Rate limit</dt>
          <dd>{rateLimitText()}</dd>
        </div>
        <div>
          <dt>Model</dt>
          <dd>
            <code>{doc.model}</code>
          </dd>
        </div>
        <div>
          <dt>OpenAPI</dt>
          <dd>
            {/* A static file of the build, not a route: a plain link. */}
            <a href={OPENAPI_PATHS.services}>services.json</a> (operation{' '}
            <code>POST /{doc.path}</code>; all operations:{' '}
            <Link to="/dashboard/api-reference/">API reference</Link>)
          </dd>
        </div>
      </dl>

      <h3 id="request">Request</h3>
      <p>
        <Described text={REQUEST_TEXT} />
      </p>
      <JsonCodeBlock title="application/json" code={jsonBody} />

      <h3 id="parameters">Parameters</h3>
      <ParamsTable doc={doc} />

      <h3 id="image-limits">Image limits</h3>
      <ul>
        <li>
          Types: {imageTypesText()} (<code>{IMAGE_LIMITS.acceptedImageTypes.join(', ')}</code>),
          recognised from the file&apos;s bytes.
        </li>
        <li>Size: at most {formatBytes(IMAGE_LIMITS.maxImageBytes)} per image.</li>
        <li>
          Processing: images are scaled so their long side is at most{' '}
          {IMAGE_LIMITS.maxProcessingSide} px; boxes are returned in the coordinates of the image
          you sent.
        </li>
      </ul>

      <h3 id="response">Response</h3>
      <p>
        <code>200 OK</code> with <code>application/json</code>. The local sandbox host returns
        sample results with <code>{'"sandbox": true'}</code>.
      </p>
      <ScrollTable label={`${doc.name} response fields`}>
        <table className={styles.table} aria-label={`${doc.name} response fields`}>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Type</th>
              <th scope="col">Description</th>
            </tr>
          </thead>
          <tbody>
            {doc.response.map((f) => (
              <tr key={f.path}>
                <td>
                  <code>{f.path}</code>
                </td>
                <td>
                  <code>{f.type}</code>
                </td>
                <td>{f.description ? <Described text={f.description} /> : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
      <JsonCodeBlock title="Example response" code={JSON.stringify(exampleResult, null, 2)} />

      <h3 id="errors">Errors</h3>
      <p>
        Any other status has the body <code>{'{"error_message": "…"}'}</code>. Only successful calls
        are charged.
      </p>
      <ScrollTable label={`${doc.name} errors`}>
        <table className={styles.table} aria-label={`${doc.name} errors`}>
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">When</th>
              <th scope="col">What to do</th>
            </tr>
          </thead>
          <tbody>
            {ERROR_ROWS.map(({ status, when, todo }) => (
              <tr key={status}>
                <td>
                  <code>{status}</code>
                </td>
                <td>{when}</td>
                <td>
                  <Segments segments={todo} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </section>
  );
}
