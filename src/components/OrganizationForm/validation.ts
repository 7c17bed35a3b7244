/** Field checks of the organization form, shown next to each field before anything is sent. */
import type { OrganizationBody } from '@contract';

export type OrganizationValues = Required<OrganizationBody>;
export type OrganizationErrors = Partial<Record<keyof OrganizationValues, string>>;

/** Indian GSTIN: state code, PAN (5 letters, 4 digits, letter), entity number, 'Z', checksum. */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/** A web address with or without `https://`: a host with a dot and an optional path. */
export function isWebsite(raw: string): boolean {
  const value = raw.trim();
  if (!value || /\s/.test(value)) return false;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password || url.port) return false;
  const labels = url.hostname.split('.');
  return (
    labels.length >= 2 &&
    labels.every((label) => HOST_LABEL.test(label)) &&
    !/^\d+$/.test(labels.at(-1)!)
  );
}

export function validateOrganization(values: OrganizationValues): OrganizationErrors {
  const errors: OrganizationErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = 'Enter the name of your organization.';
  else if (name.length > 128) errors.name = 'Use at most 128 characters.';
  if (!values.website.trim()) errors.website = 'Enter your website.';
  else if (!isWebsite(values.website) || values.website.trim().length > 256)
    errors.website = 'Enter a valid web address, for example https://example.com.';
  if (!values.country) errors.country = 'Choose a country.';
  if (!values.state.trim()) errors.state = 'Choose or enter a state.';
  const gstin = values.gstin.trim().toUpperCase();
  if (gstin && !GSTIN_PATTERN.test(gstin))
    errors.gstin = 'Enter a valid 15-character GSTIN, for example 22AAAAA0000A1Z5.';
  if (values.address.trim().length > 512) errors.address = 'Use at most 512 characters.';
  return errors;
}

/** The body to send: trimmed; GSTIN upper-cased; empty optionals are dropped by the client. */
export function toOrganizationBody(values: OrganizationValues): OrganizationBody {
  const body: OrganizationBody = {
    name: values.name.trim(),
    website: values.website.trim(),
    country: values.country,
    state: values.state.trim(),
  };
  const gstin = values.gstin.trim().toUpperCase();
  const address = values.address.trim();
  if (gstin) body.gstin = gstin;
  if (address) body.address = address;
  return body;
}
