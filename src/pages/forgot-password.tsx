import Layout from '@theme/Layout';

export default function ForgotPasswordPage(): React.JSX.Element {
  return (
    <Layout title="Reset your password">
      <main className="container margin-vert--lg">
        <h1>Reset your password</h1>
      </main>
    </Layout>
  );
}
