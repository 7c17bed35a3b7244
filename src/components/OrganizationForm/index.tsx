/**
 * Registers (`POST organization`) or edits (`PATCH organization`) the
 * organization. Fields are checked before anything is sent; GSTIN is offered
 * for India; optional fields are sent only when filled (spec §5).
 */
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { account } from '@site/src/api';
import type { Organization } from '@contract';
import { notify } from '@site/src/components/Notifications';
import { countryOptions, stateOptions } from './regions';
import {
  toOrganizationBody,
  validateOrganization,
  type OrganizationErrors,
  type OrganizationValues,
} from './validation';
import styles from './styles.module.css';

interface Props {
  mode: 'register' | 'edit';
  initial?: Organization;
  onSaved: (organization: Organization) => void;
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

export default function OrganizationForm({ mode, initial, onSaved, onCancel }: Props): ReactNode {
  const [values, setValues] = useState<OrganizationValues>(() =>
    initial
      ? {
          name: initial.name,
          website: initial.website,
          country: initial.country,
          state: initial.state,
          gstin: initial.gstin ?? '',
          address: initial.address ?? '',
        }
      : EMPTY,
  );
  const [errors, setErrors] = useState<OrganizationErrors>({});
  const [busy, setBusy] = useState(false);
  const countries = useMemo(() => countryOptions(), []);
  const states = stateOptions(values.country);

  const set = (field: keyof OrganizationValues) => (value: string) => {
    setValues((prev) => ({
      ...prev,
      [field]: value,
      // A new country has other states.
      ...(field === 'country' && value !== prev.country ? { state: '' } : {}),
    }));
    if (errors[field]) setErrors((prev) => ({ ...prev, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateOrganization(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    const body = toOrganizationBody(values);
    const result =
      mode === 'register'
        ? await account.registerOrganization(body)
        : await account.updateOrganization(body);
    setBusy(false);
    if (result.error_message !== undefined) {
      notify({ severity: 'error', message: result.error_message });
      return;
    }
    notify({
      severity: 'success',
      message: mode === 'register' ? 'Your organization is registered.' : 'Your details are saved.',
    });
    onSaved(result.data);
  };

  const field = (name: keyof OrganizationValues) => ({
    id: `organization-${name}`,
    name,
    value: values[name],
    error: Boolean(errors[name]),
    helperText: errors[name],
    onChange: (event: { target: { value: string } }) => set(name)(event.target.value),
    disabled: busy,
    size: 'small' as const,
    fullWidth: true,
  });

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={mode === 'register' ? 'Register your organization' : 'Edit your organization'}
    >
      <TextField
        {...field('name')}
        label="Organization name"
        required
        autoComplete="organization"
        slotProps={{ htmlInput: { maxLength: 128 } }}
      />
      <TextField
        {...field('website')}
        label="Website"
        required
        type="url"
        placeholder="https://example.com"
        autoComplete="url"
        helperText={errors.website ?? 'For example https://example.com'}
      />
      <TextField
        {...field('country')}
        label="Country"
        required
        select
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">Choose a country</option>
        {countries.map((country) => (
          <option key={country.value} value={country.value}>
            {country.label}
          </option>
        ))}
      </TextField>
      {states ? (
        <TextField
          {...field('state')}
          label="State"
          required
          select
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">Choose a state</option>
          {states.map((state) => (
            <option key={state.value} value={state.value}>
              {state.label}
            </option>
          ))}
        </TextField>
      ) : (
        <TextField
          {...field('state')}
          label="State or region"
          required
          autoComplete="address-level1"
          slotProps={{ htmlInput: { maxLength: 64 } }}
        />
      )}
      {(values.country === 'IN' || values.gstin) && (
        <TextField
          {...field('gstin')}
          label="GSTIN (optional)"
          placeholder="22AAAAA0000A1Z5"
          helperText={errors.gstin ?? 'Indian GST identification number, 15 characters'}
          slotProps={{ htmlInput: { maxLength: 15, style: { textTransform: 'uppercase' } } }}
        />
      )}
      <TextField
        {...field('address')}
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
          {mode === 'register' ? 'Register organization' : 'Save changes'}
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
