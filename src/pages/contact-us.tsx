import Layout from '@theme/Layout';

export default function ContactUsPage(): React.JSX.Element {
  return (
    <Layout title="Contact us">
      <main className="container margin-vert--lg">
        <h1>Contact us</h1>
      </main>
    </Layout>
  );
}
