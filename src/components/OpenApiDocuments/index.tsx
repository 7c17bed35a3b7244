/**
 * The two OpenAPI documents of the API reference page: each API's base URL (from the build's
 * configuration) and a download button for its document, a static file of the build
 * (/openapi/, written from the servers' own answer by src/plugins/docs-for-machines).
 */
import type { ReactNode } from 'react';
import { useSiteConfig } from '@site/src/config';
import { OPENAPI_PATHS } from '@site/src/machine-docs/paths';
import styles from './styles.module.css';

export default function OpenApiDocuments(): ReactNode {
  const { servicesBaseUrl, apiBaseUrl } = useSiteConfig();
  const documents = [
    {
      name: 'Services host',
      what: 'Image calls of the public deployments, authenticated with the api-key header.',
      baseUrl: servicesBaseUrl,
      href: OPENAPI_PATHS.services,
      file: 'services.json',
    },
    {
      name: 'Account API',
      what: 'Organizations, API keys, credits, usage and teams, with a Firebase ID token or an admin key.',
      baseUrl: apiBaseUrl,
      href: OPENAPI_PATHS.account,
      file: 'account.json',
    },
  ];
  return (
    <ul className={styles.documents}>
      {documents.map((document) => (
        <li key={document.file} className={styles.document}>
          <strong>{document.name}</strong>
          <span>{document.what}</span>
          <span>
            Base URL: <code>{document.baseUrl}</code>
          </span>
          {/* A static file of the build, not a route: a plain link. */}
          <a
            className="button button--primary button--sm"
            href={document.href}
            download={document.file}
          >
            Download {document.file}
          </a>
        </li>
      ))}
    </ul>
  );
}
