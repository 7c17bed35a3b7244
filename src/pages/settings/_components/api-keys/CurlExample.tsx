/**
 * A ready-to-run request to the services host with the user's default key. Secrets are shown
 * only once, so the request carries the real secret only when the backend can give it back
 * (the key used for in-browser calls); otherwise a placeholder the user replaces.
 */
import CodeBlock from '@theme/CodeBlock';
import type { ReactNode } from 'react';
import type { ApiKey } from '@contract';
import { useSiteConfig } from '@site/src/config';
import { API_KEY_PLACEHOLDER } from '@site/src/playground/code-samples';
import shared from '../shared/styles.module.css';
import styles from './styles.module.css';
import { withoutTrailingSlashes } from '@site/src/api/url';

export default function CurlExample({ defaultKey }: { defaultKey: ApiKey | null }): ReactNode {
  const { servicesBaseUrl } = useSiteConfig();
  const base = withoutTrailingSlashes(servicesBaseUrl);
  const secret = defaultKey?.key ?? null;
  const command = [
    `curl -X POST ${base}/object-detection \\`,
    `  -H "api-key: ${secret ?? API_KEY_PLACEHOLDER}" \\`,
    '  -F "image=@photo.jpg"',
  ].join('\n');
  let intro: string;
  if (!defaultKey) intro = 'Create a key and it appears in this request:';
  else if (secret) intro = `A ready request with your default key “${defaultKey.name}”:`;
  else intro = `A request with your default key “${defaultKey.name}”:`;
  return (
    <>
      <p className={shared.muted}>{intro}</p>
      <CodeBlock language="bash" title="Detect objects in photo.jpg">
        {command}
      </CodeBlock>
      {defaultKey && !secret && (
        <p className={`${shared.muted} ${styles.placeholderNote}`}>
          Replace <code>{API_KEY_PLACEHOLDER}</code> with the secret of “{defaultKey.name}”, which
          starts and ends like <code>{defaultKey.redacted}</code>. It was shown once, when the key
          was created or rolled; if you no longer have it, roll the key to get a new one.
        </p>
      )}
    </>
  );
}
