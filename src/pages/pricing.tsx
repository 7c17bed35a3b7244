import Layout from '@theme/Layout';

export default function PricingPage(): React.JSX.Element {
  return (
    <Layout title="Pricing">
      <main className="container margin-vert--lg">
        <h1>Pricing</h1>
      </main>
    </Layout>
  );
}
