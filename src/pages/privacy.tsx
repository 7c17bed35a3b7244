import Layout from '@theme/Layout';

export default function PrivacyPage(): React.JSX.Element {
  return (
    <Layout title="Privacy policy">
      <main className="container margin-vert--lg">
        <h1>Privacy policy</h1>
      </main>
    </Layout>
  );
}
