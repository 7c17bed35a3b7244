/**
 * The contact form → `POST email {body, pageId, subject}` (with `email`, which
 * the backend needs from signed-out senders). Plain HTML: no MUI on this page.
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { sendFeedback } from '@site/src/api/feedback';
import { useAuth } from '@site/src/auth';
import { notify } from '@site/src/components/Notifications';
import { validateContact, type ContactErrors, type ContactValues } from './validation';
import styles from './styles.module.css';

export const CONTACT_PAGE_ID = 'contact-us';

export default function ContactForm(): ReactNode {
  const { user } = useAuth();
  const [values, setValues] = useState<ContactValues>({ email: '', subject: '', message: '' });
  const [errors, setErrors] = useState<ContactErrors>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  // Prefill the signed-in user's address once it is known (never overwrite what was typed).
  const userEmail = user?.email ?? '';
  useEffect(() => {
    if (userEmail) setValues((prev) => (prev.email ? prev : { ...prev, email: userEmail }));
  }, [userEmail]);

  const set = (field: keyof ContactValues) => (value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    if (errors[field]) setErrors((prev) => ({ ...prev, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateContact(values);
    setErrors(found);
    const firstInvalid = (['email', 'subject', 'message'] as const).find((field) => found[field]);
    if (firstInvalid) {
      document.getElementById(`contact-${firstInvalid}`)?.focus();
      return;
    }
    setBusy(true);
    const result = await sendFeedback({
      subject: values.subject.trim(),
      body: values.message.trim(),
      pageId: CONTACT_PAGE_ID,
      email: values.email.trim(),
    });
    setBusy(false);
    if (result.error_message !== undefined) {
      notify({ severity: 'error', message: result.error_message });
      return;
    }
    notify({ severity: 'success', message: 'Thank you! Your message is on its way.' });
    setSent(true);
    setValues((prev) => ({ ...prev, subject: '', message: '' }));
  };

  const describedBy = (field: keyof ContactValues) =>
    errors[field] ? `contact-${field}-error` : undefined;

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Contact us"
    >
      {sent && (
        <p className={styles.sent} role="status">
          Thank you, we received your message and will answer by e-mail, usually within one business
          day.
        </p>
      )}
      <div className={styles.field}>
        <label htmlFor="contact-email">E-mail</label>
        <input
          id="contact-email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(event) => set('email')(event.target.value)}
          aria-invalid={Boolean(errors.email)}
          aria-describedby={describedBy('email')}
          disabled={busy}
          maxLength={254}
        />
        {errors.email && (
          <span id="contact-email-error" className={styles.error}>
            {errors.email}
          </span>
        )}
      </div>
      <div className={styles.field}>
        <label htmlFor="contact-subject">Subject</label>
        <input
          id="contact-subject"
          type="text"
          value={values.subject}
          onChange={(event) => set('subject')(event.target.value)}
          aria-invalid={Boolean(errors.subject)}
          aria-describedby={describedBy('subject')}
          disabled={busy}
          maxLength={200}
        />
        {errors.subject && (
          <span id="contact-subject-error" className={styles.error}>
            {errors.subject}
          </span>
        )}
      </div>
      <div className={styles.field}>
        <label htmlFor="contact-message">Message</label>
        <textarea
          id="contact-message"
          rows={7}
          value={values.message}
          onChange={(event) => set('message')(event.target.value)}
          aria-invalid={Boolean(errors.message)}
          aria-describedby={describedBy('message')}
          disabled={busy}
          maxLength={5000}
        />
        {errors.message && (
          <span id="contact-message-error" className={styles.error}>
            {errors.message}
          </span>
        )}
      </div>
      <div>
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {busy ? 'Sending…' : 'Send message'}
        </button>
      </div>
    </form>
  );
}
