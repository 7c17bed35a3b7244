import type { ReactNode } from 'react';
import AuthPage from './_components/auth/AuthPage';
import SignUpForm from './_components/auth/SignUpForm';

export default function SignUpPage(): ReactNode {
  return (
    <AuthPage
      title="Sign up"
      description="Create a VisionAPI account and call computer-vision APIs billed per call in USD credits."
      heading="Create your account"
      subtitle="Start calling computer-vision APIs in minutes. Pay only for what you use."
      formHeight="signUp"
    >
      {() => <SignUpForm />}
    </AuthPage>
  );
}
