/**
 * Registers (`POST organization`) or edits (`PATCH organization`) the
 * organization. Fields are checked before anything is sent, by the contract's schema
 * (./validation.ts); GSTIN is offered for India; optional fields are sent only when filled
 * (spec §5).
 */
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useMutation } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { Organization, OrganizationBody, OrganizationMembership } from '@contract';
import { account } from '@site/src/api';
import { unwrap } from '@site/src/api/cache';
import FormTextField from '@site/src/components/FormTextField';
import { notify } from '@site/src/components/Notifications';
import { lazyResolver } from '@site/src/forms/resolver';
import { countryHasRegions } from '@contract/address';
import { countryOptions, stateOptions } from './regions';
import type { OrganizationValues } from './validation';
import styles from './styles.module.css';

interface Props {
  /** `create`: another organization of a signed-in user (`POST organizations`). */
  mode: 'register' | 'edit' | 'create';
  initial?: Organization;
  onSaved: (organization: Organization) => void;
  /** `create` only: the new organization, which the user now owns and has selected. */
  onCreated?: (organization: OrganizationMembership) => void;
  onCancel?: () => void;
}

const EMPTY: OrganizationValues = {
  name: '',
  website: '',
  country: '',
  state: '',
  gstin: '',
  address: '',
};

// The contract's checks, fetched when the form is first submitted.
const resolver = lazyResolver(() =>
  import(/* webpackChunkName: "contract-checks" */ './validation').then(
    (checks) => checks.checkOrganization,
  ),
);

export default function OrganizationForm({
  mode,
  initial,
  onSaved,
  onCreated,
  onCancel,
}: Props): ReactNode {
  const form = useForm<OrganizationValues, unknown, OrganizationBody>({
    defaultValues: initial
      ? {
          name: initial.name,
          website: initial.website,
          country: initial.country,
          state: initial.state,
          gstin: initial.gstin ?? '',
          address: initial.address ?? '',
        }
      : EMPTY,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const save = useMutation({
    mutationFn: async (body: OrganizationBody) => {
      if (mode === 'create') {
        return { created: await account.v1('POST /organizations', { body }).then(unwrap) };
      }
      const saved = await (
        mode === 'register' ? account.registerOrganization(body) : account.updateOrganization(body)
      ).then(unwrap);
      return { saved };
    },
    onSuccess: (outcome) => {
      notify({
        severity: 'success',
        message:
          mode === 'create'
            ? `${outcome.created?.name ?? 'The organization'} is created, and selected.`
            : mode === 'register'
              ? 'Your organization is registered.'
              : 'Your details are saved.',
      });
      if (outcome.created) onCreated?.(outcome.created);
      if (outcome.saved) onSaved(outcome.saved);
    },
  });
  const busy = save.isPending;
  const countries = useMemo(() => countryOptions(), []);
  const [country, gstin] = form.watch(['country', 'gstin']);
  const states = stateOptions(country);

  const field = { form, disabled: busy, size: 'small' as const, fullWidth: true };
  const id = (name: keyof OrganizationValues) => `organization-${name}`;

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void form.handleSubmit((body) => save.mutate(body))(event)}
      noValidate
      aria-label={
        mode === 'create'
          ? 'Create another organization'
          : mode === 'register'
            ? 'Register your organization'
            : 'Edit your organization'
      }
    >
      <FormTextField
        {...field}
        name="name"
        id={id('name')}
        label="Organization name"
        required
        autoComplete="organization"
        slotProps={{ htmlInput: { maxLength: 128 } }}
      />
      <FormTextField
        {...field}
        name="website"
        id={id('website')}
        label="Website"
        required
        type="url"
        placeholder="https://example.com"
        autoComplete="url"
        helperText="For example https://example.com"
      />
      <FormTextField
        {...field}
        name="country"
        id={id('country')}
        label="Country"
        required
        select
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        // A new country has other states.
        onValueChange={() => form.setValue('state', '')}
      >
        <option value="">Choose a country</option>
        {countries.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </FormTextField>
      {states ? (
        <FormTextField
          {...field}
          name="state"
          id={id('state')}
          label="State"
          required
          select
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">Choose a state</option>
          {states.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </FormTextField>
      ) : !country || countryHasRegions(country) ? (
        <FormTextField
          {...field}
          name="state"
          id={id('state')}
          label="State or region"
          required
          autoComplete="address-level1"
          slotProps={{ htmlInput: { maxLength: 64 } }}
        />
      ) : null}
      {(country === 'IN' || gstin) && (
        <FormTextField
          {...field}
          name="gstin"
          id={id('gstin')}
          label="GSTIN (optional)"
          placeholder="22AAAAA0000A1Z5"
          helperText="Indian GST identification number, 15 characters"
          slotProps={{ htmlInput: { maxLength: 15, style: { textTransform: 'uppercase' } } }}
        />
      )}
      <FormTextField
        {...field}
        name="address"
        id={id('address')}
        className={styles.wide}
        label="Address (optional)"
        multiline
        minRows={2}
        autoComplete="street-address"
        slotProps={{ htmlInput: { maxLength: 512 } }}
      />
      <div className={styles.actions}>
        <Button
          type="submit"
          variant="contained"
          disableElevation
          disabled={busy}
          aria-busy={busy}
          startIcon={
            busy ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined
          }
        >
          {mode === 'create'
            ? 'Create organization'
            : mode === 'register'
              ? 'Register organization'
              : 'Save changes'}
        </Button>
        {onCancel && (
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
