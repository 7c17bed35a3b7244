import Layout from '@theme/Layout';

export default function SettingsApiKeysPage(): React.JSX.Element {
  return (
    <Layout title="API keys">
      <main className="container margin-vert--lg">
        <h1>API keys</h1>
      </main>
    </Layout>
  );
}
