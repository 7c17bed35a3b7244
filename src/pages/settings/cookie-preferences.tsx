import Layout from '@theme/Layout';

export default function SettingsCookiePreferencesPage(): React.JSX.Element {
  return (
    <Layout title="Cookie preferences">
      <main className="container margin-vert--lg">
        <h1>Cookie preferences</h1>
      </main>
    </Layout>
  );
}
