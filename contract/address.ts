/**
 * Which countries' addresses have a state or region: those whose postal address format names an
 * administrative area, in Google's address data (libaddressinput, as `localized-address-format`
 * keeps it up to date). The United States, India, Canada or Australia do; Singapore, Germany,
 * France or the United Kingdom do not. The organization form asks for a state only where there
 * is one, and the server refuses an organization without one only there.
 */
import { formatAddress } from 'localized-address-format';

const PROBE = '\u0001area\u0001';
const known = new Map<string, boolean>();

/** True when addresses in this country (ISO 3166-1 alpha-2) carry a state or region. */
export function countryHasRegions(country: string): boolean {
  const code = country.trim().toUpperCase();
  let answer = known.get(code);
  if (answer === undefined) {
    answer = /^[A-Z]{2}$/.test(code)
      ? formatAddress({ postalCountry: code, administrativeArea: PROBE }).some((line) =>
          line.includes(PROBE),
        )
      : true;
    known.set(code, answer);
  }
  return answer;
}

/** Why an organization's state is missing, or null when it may be empty. */
export function missingStateMessage(country: string, state: string): string | null {
  return state.trim() === '' && countryHasRegions(country)
    ? 'Invalid request body: state is required for addresses in this country.'
    : null;
}
