import Layout from '@theme/Layout';

export default function SignUpPage(): React.JSX.Element {
  return (
    <Layout title="Sign up">
      <main className="container margin-vert--lg">
        <h1>Sign up</h1>
      </main>
    </Layout>
  );
}
