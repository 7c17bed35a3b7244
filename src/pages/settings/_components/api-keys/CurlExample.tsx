/**
 * A ready-to-run request to the services host. Secrets are shown only once, so the request
 * carries a real secret only while the page has one: a key just created or rolled (while its
 * notice shows the secret), else the default key when the backend can give its secret back (the
 * key used for in-browser calls); otherwise a placeholder the user replaces.
 */
import CodeBlock from '@theme/CodeBlock';
import type { ReactNode } from 'react';
import type { ApiKey, ApiKeyWithSecret } from '@contract';
import { useSiteConfig } from '@site/src/config';
import { API_KEY_PLACEHOLDER } from '@site/src/playground/code-samples';
import shared from '../shared/styles.module.css';
import { deploymentName } from './limits';
import styles from './styles.module.css';
import { withoutTrailingSlashes } from '@site/src/api/url';

const SAMPLE_DEPLOYMENT = 'object-detection';

/** The sample's deployment: object detection, unless the key may call only others. */
function deploymentFor(key: ApiKey | null): string {
  const only = key?.allowed_deployments;
  return only && !only.includes(SAMPLE_DEPLOYMENT) ? only[0]! : SAMPLE_DEPLOYMENT;
}

export default function CurlExample({
  defaultKey,
  revealed,
}: {
  defaultKey: ApiKey | null;
  /** A key whose new secret the page shows right now (created or rolled). */
  revealed: ApiKeyWithSecret | null;
}): ReactNode {
  const { servicesBaseUrl } = useSiteConfig();
  const base = withoutTrailingSlashes(servicesBaseUrl);
  const shown = revealed ?? defaultKey;
  const secret = shown?.key ?? null;
  const deployment = deploymentFor(shown);
  const command = [
    `curl -X POST ${base}/${deployment} \\`,
    `  -H "api-key: ${secret ?? API_KEY_PLACEHOLDER}" \\`,
    '  -F "image=@photo.jpg"',
  ].join('\n');
  let intro: string;
  if (revealed) intro = `A ready request with the new secret of “${revealed.name}”:`;
  else if (!defaultKey) intro = 'Create a key and it appears in this request:';
  else if (secret) intro = `A ready request with your default key “${defaultKey.name}”:`;
  else intro = `A request with your default key “${defaultKey.name}”:`;
  return (
    <>
      <p className={shared.muted}>{intro}</p>
      <CodeBlock language="bash" title={`${deploymentName(deployment)} on photo.jpg`}>
        {command}
      </CodeBlock>
      {revealed && (
        <p className={`${shared.muted} ${styles.placeholderNote}`}>
          The secret stays in this request only while the notice above shows it.
        </p>
      )}
      {!revealed && defaultKey && !secret && (
        <p className={`${shared.muted} ${styles.placeholderNote}`}>
          Replace <code>{API_KEY_PLACEHOLDER}</code> with the secret of “{defaultKey.name}”, which
          starts and ends like <code>{defaultKey.redacted}</code>. It was shown once, when the key
          was created or rolled; if you no longer have it, roll the key to get a new one.
        </p>
      )}
    </>
  );
}
