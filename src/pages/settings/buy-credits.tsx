import Layout from '@theme/Layout';

export default function SettingsBuyCreditsPage(): React.JSX.Element {
  return (
    <Layout title="Buy credits">
      <main className="container margin-vert--lg">
        <h1>Buy credits</h1>
      </main>
    </Layout>
  );
}
