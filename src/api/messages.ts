/**
 * Default error messages of the account and services calls (spec §8), word for word: the
 * contract's catalogue (contract/messages.ts), which the operations table names per call.
 */
export { API_MESSAGES } from '@contract/messages';
