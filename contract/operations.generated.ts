/**
 * GENERATED from contract/operations.ts by scripts/generate-operations.ts
 * (npm run generate:operations). Do not edit by hand.
 *
 * Each operation's method, path, access and the site client's defaults, as plain data.
 */
export const OPERATION_INDEX = {
  sendFeedback: {
    method: 'POST',
    path: '/email',
    access: {
      kind: 'public',
    },
    client: {
      message: 'submitFeedback',
      auth: 'optional',
    },
  },
  getDemoKey: {
    method: 'GET',
    path: '/demo-key',
    access: {
      kind: 'public',
    },
    client: {
      message: 'signInToProcessImage',
      auth: 'none',
    },
  },
  getPublicPricing: {
    method: 'GET',
    path: '/pricing/pubic-deployment',
    access: {
      kind: 'public',
    },
    client: {
      message: 'fetchPricing',
      auth: 'none',
    },
  },
  receiveStripeWebhook: {
    method: 'POST',
    path: '/credits/stripe/webhook',
    access: {
      kind: 'public',
    },
    client: {
      message: 'processRequest',
    },
    only: 'stripe',
  },
  getStatus: {
    method: 'GET',
    path: '/status.json',
    access: {
      kind: 'public',
    },
    client: {
      message: 'processRequest',
      auth: 'none',
    },
  },
  getStatusFeed: {
    method: 'GET',
    path: '/status.atom',
    access: {
      kind: 'public',
    },
    client: {
      message: 'processRequest',
      auth: 'none',
    },
  },
  createOrganization: {
    method: 'POST',
    path: '/organization',
    access: {
      kind: 'user',
    },
    client: {
      message: 'registerOrganization',
      forceRefresh: true,
    },
  },
  updateOrganization: {
    method: 'PATCH',
    path: '/organization',
    access: {
      kind: 'member',
      roles: ['owner', 'admin'],
    },
    client: {
      message: 'updateOrganization',
      forceRefresh: true,
    },
  },
  getOrganization: {
    method: 'GET',
    path: '/organization',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'developer', 'billing', 'viewer'],
    },
    client: {
      message: 'fetchOrganization',
    },
  },
  verifyOrganizationEmail: {
    method: 'POST',
    path: '/organization/verify',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'developer', 'billing', 'viewer'],
    },
    client: {
      message: 'checkEmailVerification',
      forceRefresh: true,
    },
  },
  listOrganizations: {
    method: 'GET',
    path: '/organizations',
    access: {
      kind: 'user',
    },
    client: {
      message: 'fetchOrganization',
    },
  },
  createAnotherOrganization: {
    method: 'POST',
    path: '/organizations',
    access: {
      kind: 'user',
    },
    client: {
      message: 'registerOrganization',
      forceRefresh: true,
    },
  },
  selectOrganization: {
    method: 'POST',
    path: '/organizations/select',
    access: {
      kind: 'user',
    },
    client: {
      message: 'processRequest',
    },
  },
  createApiKey: {
    method: 'POST',
    path: '/api-key',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'developer'],
    },
    client: {
      message: 'processRequest',
      authMessage: 'loginBeforeCreatingKey',
    },
  },
  listApiKeys: {
    method: 'GET',
    path: '/api-key',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'developer', 'viewer'],
    },
    client: {
      message: 'fetchApiKeys',
    },
  },
  setDefaultApiKey: {
    method: 'POST',
    path: '/api-key/set-default',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'developer'],
      own_keys: ['developer'],
    },
    client: {
      message: 'setDefaultApiKey',
    },
  },
  rollApiKey: {
    method: 'POST',
    path: '/api-key/roll',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'developer'],
      own_keys: ['developer'],
    },
    client: {
      message: 'processRequest',
    },
  },
  setApiKeyCap: {
    method: 'POST',
    path: '/api-key/cap',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'developer'],
      own_keys: ['developer'],
    },
    client: {
      message: 'processRequest',
    },
  },
  setApiKeyRestrictions: {
    method: 'POST',
    path: '/api-key/restrictions',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'developer'],
      own_keys: ['developer'],
    },
    client: {
      message: 'processRequest',
    },
  },
  disableApiKey: {
    method: 'POST',
    path: '/api-key/disable',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'developer'],
      own_keys: ['developer'],
    },
    client: {
      message: 'processRequest',
    },
  },
  enableApiKey: {
    method: 'POST',
    path: '/api-key/enable',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'developer'],
      own_keys: ['developer'],
    },
    client: {
      message: 'processRequest',
    },
  },
  deleteApiKey: {
    method: 'DELETE',
    path: '/api-key',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'developer'],
      own_keys: ['developer'],
    },
    client: {
      message: 'deleteApiKey',
    },
  },
  getBalance: {
    method: 'GET',
    path: '/credits/balance',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'developer', 'billing', 'viewer'],
    },
    client: {
      message: 'fetchBalance',
    },
  },
  createCreditOrder: {
    method: 'POST',
    path: '/credits',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'billing'],
    },
    client: {
      message: 'buyCredits',
    },
  },
  getCreditOrder: {
    method: 'GET',
    path: '/credits/orders/{order_id}',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'billing'],
    },
    client: {
      message: 'processRequest',
    },
  },
  confirmSandboxOrder: {
    method: 'POST',
    path: '/credits/sandbox/confirm',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'billing'],
    },
    client: {
      message: 'processRequest',
    },
  },
  getInvoice: {
    method: 'GET',
    path: '/credits/payments/{payment_id}/invoice',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'billing', 'viewer'],
    },
    client: {
      message: 'fetchPaymentLogs',
      responseType: 'blob',
    },
  },
  listPayments: {
    method: 'GET',
    path: '/credits/payments',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'billing', 'viewer'],
    },
    client: {
      message: 'fetchPaymentLogs',
    },
  },
  getBillingSettings: {
    method: 'GET',
    path: '/billing/settings',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'billing', 'viewer'],
    },
    client: {
      message: 'processRequest',
    },
  },
  updateBillingSettings: {
    method: 'PUT',
    path: '/billing/settings',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'billing'],
    },
    client: {
      message: 'processRequest',
    },
  },
  setUpPaymentMethod: {
    method: 'POST',
    path: '/billing/payment-method/setup',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'billing'],
    },
    client: {
      message: 'processRequest',
    },
  },
  saveSandboxCard: {
    method: 'POST',
    path: '/billing/payment-method/sandbox',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'billing'],
    },
    client: {
      message: 'processRequest',
    },
  },
  deletePaymentMethod: {
    method: 'DELETE',
    path: '/billing/payment-method',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'billing'],
    },
    client: {
      message: 'processRequest',
    },
  },
  listTransactions: {
    method: 'GET',
    path: '/transaction',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'developer', 'billing', 'viewer'],
    },
    client: {
      message: 'fetchTransactions',
    },
  },
  getDailyUsage: {
    method: 'GET',
    path: '/usage/daily',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'developer', 'billing', 'viewer'],
    },
    client: {
      message: 'fetchTransactions',
    },
  },
  exportDailyUsage: {
    method: 'GET',
    path: '/usage/daily.csv',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'developer', 'billing', 'viewer'],
    },
    client: {
      message: 'fetchTransactions',
      responseType: 'text',
    },
  },
  listUsageBuckets: {
    method: 'GET',
    path: '/usage/buckets',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'developer', 'billing', 'viewer'],
    },
    client: {
      message: 'fetchTransactions',
    },
  },
  exportTransactions: {
    method: 'GET',
    path: '/transaction.csv',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'developer', 'billing', 'viewer'],
    },
    client: {
      message: 'fetchTransactions',
      responseType: 'text',
    },
  },
  listMembers: {
    method: 'GET',
    path: '/team/members',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'developer', 'billing', 'viewer'],
    },
    client: {
      message: 'processRequest',
    },
  },
  updateMember: {
    method: 'PATCH',
    path: '/team/members/{uid}',
    access: {
      kind: 'member',
      roles: ['owner', 'admin'],
      people_only: true,
    },
    client: {
      message: 'processRequest',
    },
  },
  removeMember: {
    method: 'DELETE',
    path: '/team/members/{uid}',
    access: {
      kind: 'member',
      roles: ['owner', 'admin'],
      people_only: true,
    },
    client: {
      message: 'processRequest',
      forceRefresh: true,
    },
  },
  leaveOrganization: {
    method: 'POST',
    path: '/team/leave',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'developer', 'billing', 'viewer'],
      people_only: true,
    },
    client: {
      message: 'processRequest',
    },
  },
  transferOwnership: {
    method: 'POST',
    path: '/team/transfer',
    access: {
      kind: 'member',
      roles: ['owner'],
      people_only: true,
    },
    client: {
      message: 'processRequest',
      forceRefresh: true,
    },
  },
  listInvitations: {
    method: 'GET',
    path: '/team/invitations',
    access: {
      kind: 'member',
      roles: ['owner', 'admin'],
    },
    client: {
      message: 'processRequest',
    },
  },
  inviteMember: {
    method: 'POST',
    path: '/team/invitations',
    access: {
      kind: 'member',
      roles: ['owner', 'admin'],
      people_only: true,
    },
    client: {
      message: 'processRequest',
    },
  },
  resendInvitation: {
    method: 'POST',
    path: '/team/invitations/{invitation_id}/resend',
    access: {
      kind: 'member',
      roles: ['owner', 'admin'],
      people_only: true,
    },
    client: {
      message: 'processRequest',
    },
  },
  revokeInvitation: {
    method: 'DELETE',
    path: '/team/invitations/{invitation_id}',
    access: {
      kind: 'member',
      roles: ['owner', 'admin'],
      people_only: true,
    },
    client: {
      message: 'processRequest',
    },
  },
  previewInvitation: {
    method: 'POST',
    path: '/invitations/preview',
    access: {
      kind: 'public',
    },
    client: {
      message: 'processRequest',
      auth: 'none',
    },
  },
  acceptInvitation: {
    method: 'POST',
    path: '/invitations/accept',
    access: {
      kind: 'user',
    },
    client: {
      message: 'processRequest',
    },
  },
  listAdminKeys: {
    method: 'GET',
    path: '/admin-keys',
    access: {
      kind: 'member',
      roles: ['owner', 'admin'],
      people_only: true,
    },
    client: {
      message: 'processRequest',
    },
  },
  createAdminKey: {
    method: 'POST',
    path: '/admin-keys',
    access: {
      kind: 'member',
      roles: ['owner', 'admin'],
      people_only: true,
    },
    client: {
      message: 'processRequest',
      forceRefresh: true,
    },
  },
  rollAdminKey: {
    method: 'POST',
    path: '/admin-keys/{admin_key_id}/roll',
    access: {
      kind: 'member',
      roles: ['owner', 'admin'],
      people_only: true,
    },
    client: {
      message: 'processRequest',
      forceRefresh: true,
    },
  },
  deleteAdminKey: {
    method: 'DELETE',
    path: '/admin-keys/{admin_key_id}',
    access: {
      kind: 'member',
      roles: ['owner', 'admin'],
      people_only: true,
    },
    client: {
      message: 'processRequest',
      forceRefresh: true,
    },
  },
  listWebhooks: {
    method: 'GET',
    path: '/webhooks',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'developer', 'viewer'],
    },
    client: {
      message: 'processRequest',
    },
  },
  createWebhook: {
    method: 'POST',
    path: '/webhooks',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'developer'],
    },
    client: {
      message: 'processRequest',
    },
  },
  getWebhook: {
    method: 'GET',
    path: '/webhooks/{webhook_id}',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'developer', 'viewer'],
    },
    client: {
      message: 'processRequest',
    },
  },
  updateWebhook: {
    method: 'PATCH',
    path: '/webhooks/{webhook_id}',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'developer'],
    },
    client: {
      message: 'processRequest',
    },
  },
  deleteWebhook: {
    method: 'DELETE',
    path: '/webhooks/{webhook_id}',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'developer'],
    },
    client: {
      message: 'processRequest',
    },
  },
  rotateWebhookSecret: {
    method: 'POST',
    path: '/webhooks/{webhook_id}/rotate-secret',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'developer'],
    },
    client: {
      message: 'processRequest',
    },
  },
  sendTestWebhook: {
    method: 'POST',
    path: '/webhooks/{webhook_id}/test',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'developer'],
    },
    client: {
      message: 'processRequest',
    },
  },
  listWebhookDeliveries: {
    method: 'GET',
    path: '/webhooks/{webhook_id}/deliveries',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'developer', 'viewer'],
    },
    client: {
      message: 'processRequest',
    },
  },
  replayWebhookDelivery: {
    method: 'POST',
    path: '/webhooks/deliveries/{delivery_id}/replay',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'developer'],
    },
    client: {
      message: 'processRequest',
    },
  },
  listEvents: {
    method: 'GET',
    path: '/events',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'developer', 'viewer'],
    },
    client: {
      message: 'processRequest',
    },
  },
  getEvent: {
    method: 'GET',
    path: '/events/{event_id}',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'developer', 'viewer'],
    },
    client: {
      message: 'processRequest',
    },
  },
  streamEvents: {
    method: 'GET',
    path: '/events/stream',
    access: {
      kind: 'member',
      roles: ['owner', 'admin', 'developer', 'viewer'],
    },
    client: {
      message: 'processRequest',
    },
  },
  listAuditLog: {
    method: 'GET',
    path: '/audit-log',
    access: {
      kind: 'member',
      roles: ['owner', 'admin'],
    },
    client: {
      message: 'processRequest',
    },
  },
  exportAuditLog: {
    method: 'GET',
    path: '/audit-log.csv',
    access: {
      kind: 'member',
      roles: ['owner', 'admin'],
    },
    client: {
      message: 'processRequest',
      responseType: 'text',
    },
  },
} as const;
