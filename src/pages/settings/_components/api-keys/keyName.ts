/**
 * The key-name field's check: the contract's `CreateApiKeyBody` (1 to 64 characters on one line,
 * after trimming), in the page's words. Loaded when the form is first submitted.
 */
import { CreateApiKeyBody } from '@contract/account';
import { fieldErrors } from '@site/src/forms/contract';
import type { FormCheck } from '@site/src/forms/resolver';

export interface KeyNameValues {
  name: string;
}

const MESSAGES = {
  name: {
    required: 'Enter a name for the key.',
    maxLength: 'Use at most 64 characters.',
    invalid: 'Use one line, without control characters.',
  },
};

/** The problem with a key name, or null when the contract accepts it. */
export function validateKeyName(name: string): string | null {
  return fieldErrors(CreateApiKeyBody, { name: name.trim() }, MESSAGES).name ?? null;
}

export const checkKeyName: FormCheck<KeyNameValues, CreateApiKeyBody> = ({ name }) => {
  const problem = validateKeyName(name);
  return problem ? { errors: { name: problem } } : { body: { name: name.trim() } };
};
