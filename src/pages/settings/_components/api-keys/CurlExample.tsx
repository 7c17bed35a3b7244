/**
 * A ready-to-run request to the services host, runnable as it is from a terminal: it carries a
 * key just created or rolled (while its notice shows the secret), else one of the organization's
 * test keys (free sample answers; their secrets can be read again), never the in-browser key
 * (it answers only the site's own origins). Without a test key it names the default live key
 * with a placeholder to replace, and says how to get a test key.
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
import CreateTestKeyButton from './CreateTestKeyButton';

const SAMPLE_DEPLOYMENT = 'object-detection';

/** The sample's deployment: object detection, unless the key may call only others. */
function deploymentFor(key: ApiKey | null): string {
  const only = key?.allowed_deployments;
  return only && !only.includes(SAMPLE_DEPLOYMENT) ? only[0]! : SAMPLE_DEPLOYMENT;
}

export default function CurlExample({
  keys,
  revealed,
  canCreate,
}: {
  keys: ApiKey[];
  /** The member may create keys: without a test key, offer one. */
  canCreate: boolean;
  /** A key whose new secret the page shows right now (created or rolled). */
  revealed: ApiKeyWithSecret | null;
}): ReactNode {
  const { servicesBaseUrl } = useSiteConfig();
  const base = withoutTrailingSlashes(servicesBaseUrl);
  const testKey = keys.find((key) => key.mode === 'test' && key.key && !key.disabled) ?? null;
  const defaultKey =
    testKey ??
    keys.find((key) => key.is_default && !key.used_for_ui) ??
    keys.find((key) => !key.used_for_ui) ??
    null;
  const shown = revealed && !revealed.used_for_ui ? revealed : defaultKey;
  const secret = shown?.key ?? null;
  const deployment = deploymentFor(shown);
  const command = [
    `curl -X POST ${base}/${deployment} \\`,
    `  -H "api-key: ${secret ?? API_KEY_PLACEHOLDER}" \\`,
    '  -F "image=@photo.jpg"',
  ].join('\n');
  let intro: string;
  if (revealed && shown === revealed)
    intro = `A ready request with the new secret of “${revealed.name}”:`;
  else if (!defaultKey) intro = 'Create a test key and it appears in this request:';
  else if (secret)
    intro = `A ready request with your test key “${defaultKey.name}” (free sample answers; paste it into a terminal):`;
  else intro = `A request with your key “${defaultKey.name}”:`;
  return (
    <>
      <p className={shared.muted}>{intro}</p>
      {!testKey && canCreate && <CreateTestKeyButton />}
      <CodeBlock language="bash" title={`${deploymentName(deployment)} on photo.jpg`}>
        {command}
      </CodeBlock>
      {revealed && shown === revealed && (
        <p className={`${shared.muted} ${styles.placeholderNote}`}>
          The secret stays in this request only while the notice above shows it.
        </p>
      )}
      {secret && shown?.mode === 'test' && (
        <p className={`${shared.muted} ${styles.placeholderNote}`}>
          Test keys answer with labelled sample results and cost nothing. For real results, swap in
          the secret of a live key (charged).
        </p>
      )}
      {shown !== revealed && defaultKey && !secret && (
        <p className={`${shared.muted} ${styles.placeholderNote}`}>
          Replace <code>{API_KEY_PLACEHOLDER}</code> with the secret of “{defaultKey.name}”, which
          starts and ends like <code>{defaultKey.redacted}</code>. It was shown once, when the key
          was created or rolled; if you no longer have it, roll the key to get a new one.
        </p>
      )}
    </>
  );
}
