import Layout from '@theme/Layout';

export default function SettingsUsagePage(): React.JSX.Element {
  return (
    <Layout title="Usage">
      <main className="container margin-vert--lg">
        <h1>Usage</h1>
      </main>
    </Layout>
  );
}
