/** The organization's details, with an edit form (`PATCH organization`). */
import Button from '@mui/material/Button';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { roleMay } from '@contract/endpoints';
import type { AccountContext } from '@site/src/components/AccountPage';
import { countryName, stateName } from '@site/src/components/OrganizationForm/regions';
import styles from './styles.module.css';

// Shown when the user edits the details, so it is its own chunk.
const OrganizationForm = lazy(() => import('@site/src/components/OrganizationForm'));

export default function OrganizationCard({
  organization,
  setOrganization,
}: Pick<AccountContext, 'organization' | 'setOrganization'>): ReactNode {
  const [editing, setEditing] = useState(false);
  // Only owners and admins may change the details: nobody else is offered a form that would fail.
  const mayEdit = roleMay('PATCH /organization', organization.role);
  return (
    <section className={styles.card} aria-labelledby="organization-heading">
      <div className={styles.cardHeader}>
        <h2 id="organization-heading">Organization</h2>
        {!editing && mayEdit && (
          <Button variant="outlined" size="small" onClick={() => setEditing(true)}>
            Edit details
          </Button>
        )}
      </div>
      {editing ? (
        <Suspense fallback={<p className={styles.muted}>Loading the form…</p>}>
          <OrganizationForm
            mode="edit"
            initial={organization}
            onSaved={(saved) => {
              setOrganization(saved);
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        </Suspense>
      ) : (
        <dl className={styles.definitions}>
          <dt>Name</dt>
          <dd>{organization.name}</dd>
          <dt>Website</dt>
          <dd>{organization.website}</dd>
          <dt>Country</dt>
          <dd>{countryName(organization.country)}</dd>
          {organization.state && (
            <>
              <dt>State or region</dt>
              <dd>{stateName(organization.country, organization.state)}</dd>
            </>
          )}
          {organization.gstin && (
            <>
              <dt>GSTIN</dt>
              <dd>{organization.gstin}</dd>
            </>
          )}
          {organization.address && (
            <>
              <dt>Address</dt>
              <dd>{organization.address}</dd>
            </>
          )}
        </dl>
      )}
    </section>
  );
}
