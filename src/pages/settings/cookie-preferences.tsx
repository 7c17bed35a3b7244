import Link from '@docusaurus/Link';
import type { ReactNode } from 'react';
import SettingsLayout from '@site/src/components/SettingsLayout';
import PreferencesForm from './_components/cookie-preferences/PreferencesForm';

/** /settings/cookie-preferences/ (spec §2): works signed out; the choice lives in this browser. */
export default function SettingsCookiePreferencesPage(): ReactNode {
  return (
    <SettingsLayout
      title="Cookie preferences"
      description="Choose which optional cookies and services VisionAPI may use in this browser."
    >
      <div style={{ maxWidth: 760 }}>
        <h1>Cookie preferences</h1>
        <p>
          Choose which optional cookies and third-party services VisionAPI may use in this browser.
          Essential cookies are always on. Your choice is kept on this device for 365 days. Read our{' '}
          <Link to="/privacy/">Privacy policy</Link> for details.
        </p>
        <PreferencesForm />
      </div>
    </SettingsLayout>
  );
}
