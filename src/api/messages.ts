/**
 * Default error messages of the account and services calls (spec §8), word for word.
 * A call returns the server's `error_message` when it answers one, otherwise its default.
 */
import { FETCH_PRICING_MESSAGE } from './pricing-call';

export const API_MESSAGES = {
  authentication: 'Authentication error',
  processRequest: 'An error occurred while processing the request',
  loginBeforeCreatingKey: 'Please Login before creating API Key',
  fetchApiKeys: 'An error occurred while fetching the API Keys',
  setDefaultApiKey: 'An error occurred while setting default API Keys',
  registerOrganization: 'An error occurred while fetching registering',
  updateOrganization: 'An error occurred while updating details.',
  submitFeedback: 'An error occurred while submitting the feedback',
  fetchOrganization: 'An error occurred while fetching organization details',
  fetchBalance: 'An error occurred while fetching the remaining credits',
  deleteApiKey: 'An error occurred while deleting API Key',
  fetchTransactions: 'An error occurred while fetching the Transactional Data',
  buyCredits: 'An error occurred while buying priceInUSD.',
  signInForPricing: 'Please sign in to view pricing information',
  checkEmailVerification: 'An error occurred while checking email verification status',
  fetchPaymentLogs: 'An error occurred while fetching payment logs',
  fetchPricing: FETCH_PRICING_MESSAGE,
  signInToProcessImage: 'Sign In is required to proceed!',
  processImage: 'An error occurred while processing the image.',
} as const;
