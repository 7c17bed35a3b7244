/**
 * Default error messages of the account and services calls (spec §8), word for word. A call
 * returns the server's `error_message` when it answers one, otherwise its default (the
 * operations table names each operation's). Plain data: the site's first load reads it.
 */
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
  // Also in src/api/pricing-call.ts, so the pricing store on every page carries only this one.
  fetchPricing: 'Unable to fetch pricing, Refresh the page and try again!',
  signInToProcessImage: 'Sign In is required to proceed!',
  processImage: 'An error occurred while processing the image.',
} as const;

export type ApiMessage = keyof typeof API_MESSAGES;
