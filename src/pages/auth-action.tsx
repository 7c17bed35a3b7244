import type { ReactNode } from 'react';
import AuthPage from './_components/auth/AuthPage';
import EmailAction from './_components/auth/EmailAction';

/**
 * Where the links of the account e-mails land (verify the address, reset the password, recover
 * the address): the local stack's mails, and in production the Firebase project's custom action
 * URL (`${SITE_URL}/auth-action/`, set under Authentication › Templates).
 */
export default function AuthActionPage(): ReactNode {
  return (
    <AuthPage
      title="Your account e-mail"
      description="Verify your e-mail address, reset your password or restore your sign-in address."
      heading="Your account e-mail"
      subtitle="The link from our e-mail, applied to your VisionAPI account."
    >
      {() => <EmailAction />}
    </AuthPage>
  );
}
