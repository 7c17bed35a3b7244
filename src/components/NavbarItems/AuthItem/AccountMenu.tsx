/**
 * The signed-in user's menu: e-mail, the organizations (switch, create), the settings pages and
 * Sign out.
 * A disclosure (button + list of links) rather than an ARIA menu: it is
 * navigation, and works with Tab, Enter and Escape. It closes when focus
 * moves to anything outside it (Tab past its last entry, Shift+Tab back).
 */
import Link from '@docusaurus/Link';
import { useLocation } from '@docusaurus/router';
import clsx from 'clsx';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { knownRole, onRoleChange } from '@site/src/api/memberRole';
import { ACCOUNT_LINKS, linksForRole, TEAM_LINKS } from '../links';
import useSignOut from '../useSignOut';
import OrganizationSwitcher from './OrganizationSwitcher';
import styles from './styles.module.css';

export default function AccountMenu({ email }: { email: string }): ReactNode {
  const [open, setOpen] = useState(false);
  const { signOut, pending } = useSignOut();
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const role = useSyncExternalStore(onRoleChange, knownRole, () => null);

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div
      ref={root}
      className={clsx('dropdown dropdown--right', styles.menu, open && 'dropdown--show')}
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (next instanceof Node && !event.currentTarget.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={styles.avatar}
        aria-label="Account menu"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">{email.charAt(0).toUpperCase()}</span>
      </button>
      <div id={panelId} className={clsx('dropdown__menu', styles.panel)} hidden={!open}>
        <p className={styles.signedInAs}>
          Signed in as
          <strong className={styles.email}>{email}</strong>
        </p>
        <OrganizationSwitcher open={open} />
        <ul className={styles.links}>
          {linksForRole([...ACCOUNT_LINKS, ...TEAM_LINKS], role).map((link) => (
            <li key={link.to}>
              <Link className="dropdown__link" to={link.to}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className={clsx('dropdown__link', styles.signOut)}
          disabled={pending}
          aria-busy={pending}
          onClick={() => void signOut()}
        >
          {pending ? 'Signing out…' : 'Sign out'}
        </button>
      </div>
    </div>
  );
}
