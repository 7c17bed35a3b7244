import Layout from '@theme/Layout';

export default function IndexPage(): React.JSX.Element {
  return (
    <Layout title="VisionAPI">
      <main className="container margin-vert--lg">
        <h1>VisionAPI</h1>
      </main>
    </Layout>
  );
}
