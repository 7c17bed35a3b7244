import type { ReactNode } from 'react';
import AuthPage from './_components/auth/AuthPage';
import SignInForm from './_components/auth/SignInForm';

export default function SignInPage(): ReactNode {
  return (
    <AuthPage
      title="Sign in"
      description="Sign in to VisionAPI to manage API keys, credits and usage."
      heading="Sign in"
      subtitle="Welcome back. Sign in to manage your API keys, credits and usage."
      formHeight="signIn"
    >
      {() => <SignInForm />}
    </AuthPage>
  );
}
