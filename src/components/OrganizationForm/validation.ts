/**
 * The organization form's checks: the contract's `OrganizationBody` (contract/account.ts, the
 * schema the server validates `POST`/`PATCH organization` with), in the form's words. Loaded when
 * the form is first submitted (src/forms/resolver.ts).
 */
import { OrganizationBody } from '@contract/account';
import { countryHasRegions, missingStateMessage } from '@contract/address';
import { Check } from 'typebox/schema';
import { fieldErrors, type FieldMessages } from '@site/src/forms/contract';
import type { FormCheck } from '@site/src/forms/resolver';

export type OrganizationValues = Required<OrganizationBody>;
export type OrganizationErrors = Partial<Record<keyof OrganizationValues, string>>;

const INVALID_TEXT = 'Use one line, without control characters.';

const MESSAGES: Record<keyof OrganizationValues, FieldMessages> = {
  name: {
    required: 'Enter the name of your organization.',
    maxLength: 'Use at most 128 characters.',
    invalid: INVALID_TEXT,
  },
  website: {
    required: 'Enter your website.',
    invalid: 'Enter a valid web address, for example https://example.com.',
  },
  country: { required: 'Choose a country.', invalid: 'Choose a country.' },
  state: { required: 'Choose or enter a state.', invalid: INVALID_TEXT },
  gstin: { invalid: 'Enter a valid 15-character GSTIN, for example 22AAAAA0000A1Z5.' },
  address: {
    maxLength: 'Use at most 512 characters.',
    invalid: 'Remove control characters other than line breaks.',
  },
};

/** The body to send: trimmed; GSTIN upper-cased; empty optionals left out (spec §5). */
export function toOrganizationBody(values: OrganizationValues): OrganizationBody {
  const body: OrganizationBody = {
    name: values.name.trim(),
    website: values.website.trim(),
    country: values.country,
    // Where the country's addresses have no state, none is sent (the field is not shown).
    state: countryHasRegions(values.country) ? values.state.trim() : '',
  };
  const gstin = values.gstin.trim().toUpperCase();
  const address = values.address.trim();
  if (gstin) body.gstin = gstin;
  if (address) body.address = address;
  return body;
}

/** A web address as the contract accepts it, with or without `https://`. */
export function isWebsite(raw: string): boolean {
  return Check(OrganizationBody.properties.website, raw.trim());
}

export function validateOrganization(values: OrganizationValues): OrganizationErrors {
  const errors: OrganizationErrors = fieldErrors(
    OrganizationBody,
    toOrganizationBody(values),
    MESSAGES,
  );
  // A state only where the country's addresses have one (Singapore's do not).
  if (!errors.state && missingStateMessage(values.country, values.state)) {
    errors.state = MESSAGES.state.required!;
  }
  return errors;
}

export const checkOrganization: FormCheck<OrganizationValues, OrganizationBody> = (values) => {
  const errors = validateOrganization(values);
  return Object.keys(errors).length ? { errors } : { body: toOrganizationBody(values) };
};
