/**
 * The account menu's organizations: the user's organizations with their role, the selected one
 * marked, a click to switch (the server's default too, so other devices follow), and a way to
 * create another. Read when the menu opens, through the account client (loaded on demand: the
 * menu is in every page's navbar).
 */
import Link from '@docusaurus/Link';
import { useEffect, useState, type ReactNode } from 'react';
import type { OrganizationMembership } from '@contract/teams';
import styles from './styles.module.css';
import { rememberRole } from '@site/src/api/memberRole';

type State =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; organizations: OrganizationMembership[] };

const ROLE_NAMES: Record<OrganizationMembership['role'], string> = {
  owner: 'Owner',
  admin: 'Admin',
  developer: 'Developer',
  billing: 'Billing',
  viewer: 'Viewer',
};

export default function OrganizationSwitcher({ open }: { open: boolean }): ReactNode {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [selected, setSelected] = useState<string | null>(null);
  const [switching, setSwitching] = useState(false);

  useEffect(() => {
    if (!open) return undefined;
    let live = true;
    void (async () => {
      const [{ account }, selection] = await Promise.all([
        import('@site/src/api'),
        import('@site/src/api/organization'),
      ]);
      const answer = await account.v1('GET /organizations');
      if (!live) return;
      if (answer.error_message !== undefined) {
        setState({ kind: 'failed', message: answer.error_message });
        return;
      }
      const list = answer.data.organizations;
      const stored = selection.selectedOrganization();
      // A stored organization the user no longer belongs to: back to the server's default.
      if (stored && !list.some((o) => o.id === stored)) selection.rememberOrganization(null);
      const current = list.some((o) => o.id === stored)
        ? stored
        : (list.find((o) => o.selected)?.id ?? null);
      setSelected(current);
      const role = list.find((o) => o.id === current)?.role;
      if (role) rememberRole(role);
      setState({ kind: 'ready', organizations: list });
    })();
    return () => {
      live = false;
    };
  }, [open]);

  const choose = async (organization: OrganizationMembership) => {
    if (organization.id === selected) return;
    setSwitching(true);
    const [{ account }, selection] = await Promise.all([
      import('@site/src/api'),
      import('@site/src/api/organization'),
    ]);
    const answer = await account.v1('POST /organizations/select', {
      body: { organization_id: organization.id },
    });
    setSwitching(false);
    if (answer.error_message !== undefined) {
      setState({ kind: 'failed', message: answer.error_message });
      return;
    }
    setSelected(organization.id);
    selection.rememberOrganization(organization.id);
    rememberRole(organization.role);
  };

  return (
    <div className={styles.organizations}>
      <p className={styles.organizationsTitle} id="organizations-title">
        Organizations
      </p>
      {state.kind === 'loading' ? <p className={styles.organizationsNote}>Loading…</p> : null}
      {state.kind === 'failed' ? (
        <p className={styles.organizationsNote} role="alert">
          {state.message}
        </p>
      ) : null}
      {state.kind === 'ready' ? (
        <ul className={styles.links} aria-labelledby="organizations-title">
          {state.organizations.map((organization) => {
            const current = organization.id === selected;
            return (
              <li key={organization.id}>
                <button
                  type="button"
                  className={`dropdown__link ${styles.organization}`}
                  aria-current={current ? 'true' : undefined}
                  disabled={switching}
                  onClick={() => void choose(organization)}
                >
                  <span>{organization.name}</span>
                  <span className={styles.organizationRole}>
                    {ROLE_NAMES[organization.role]}
                    {current ? ' · selected' : ''}
                  </span>
                </button>
              </li>
            );
          })}
          <li>
            <Link className="dropdown__link" to="/settings/team/#create-organization">
              Create organization
            </Link>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
