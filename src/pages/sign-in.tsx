import Layout from '@theme/Layout';

export default function SignInPage(): React.JSX.Element {
  return (
    <Layout title="Sign in">
      <main className="container margin-vert--lg">
        <h1>Sign in</h1>
      </main>
    </Layout>
  );
}
