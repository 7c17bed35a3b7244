import type { ReactNode } from 'react';
import AuthPage from './_components/auth/AuthPage';
import ForgotPasswordForm from './_components/auth/ForgotPasswordForm';

export default function ForgotPasswordPage(): ReactNode {
  return (
    <AuthPage
      title="Reset your password"
      description="Reset the password of your VisionAPI account."
      heading="Reset your password"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
    >
      {() => <ForgotPasswordForm />}
    </AuthPage>
  );
}
