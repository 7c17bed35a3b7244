import Layout from '@theme/Layout';

export default function TermsPage(): React.JSX.Element {
  return (
    <Layout title="Terms of service">
      <main className="container margin-vert--lg">
        <h1>Terms of service</h1>
      </main>
    </Layout>
  );
}
