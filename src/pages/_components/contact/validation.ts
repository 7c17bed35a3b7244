/** Checks of the contact form (limits of the feedback contract). */
export interface ContactValues {
  email: string;
  subject: string;
  message: string;
}

export type ContactErrors = Partial<Record<keyof ContactValues, string>>;

const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = 'Enter your e-mail address so we can answer.';
  else if (!EMAIL.test(email) || email.length > 254) errors.email = 'Enter a valid e-mail address.';
  if (!values.subject.trim()) errors.subject = 'Enter a subject.';
  else if (values.subject.trim().length > 200) errors.subject = 'Use at most 200 characters.';
  if (!values.message.trim()) errors.message = 'Enter your message.';
  else if (values.message.trim().length > 5000) errors.message = 'Use at most 5,000 characters.';
  return errors;
}
