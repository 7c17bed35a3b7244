/** A ready-to-run request to the services host with the user's default key. */
import CodeBlock from '@theme/CodeBlock';
import type { ReactNode } from 'react';
import { useSiteConfig } from '@site/src/config';

export default function CurlExample({ apiKey }: { apiKey: string | null }): ReactNode {
  const { servicesBaseUrl } = useSiteConfig();
  const base = servicesBaseUrl.replace(/\/+$/, '');
  const command = [
    `curl -X POST ${base}/object-detection \\`,
    `  -H "api-key: ${apiKey ?? 'YOUR_API_KEY'}" \\`,
    '  -F "image=@photo.jpg"',
  ].join('\n');
  return (
    <CodeBlock language="bash" title="Detect objects in photo.jpg">
      {command}
    </CodeBlock>
  );
}
