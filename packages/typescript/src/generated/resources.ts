/**
 * GENERATED from the contract by scripts/generate-sdk.ts (npm run generate:sdk). Do not edit by hand.
 *
 * One method per public deployment and per account operation; each calls the
 * hand-written core (../core/client.ts) with its name.
 */
import type { APIPromise } from '../core/api-promise.js';
import type { CallOptions, ImageInput } from '../core/types.js';
import type * as T from './contract.js';

/** What the generated methods call. */
export interface Caller {
  deployment<P extends T.DeploymentPath>(
    path: P,
    image: ImageInput,
    params: T.Deployments[P]['params'] | undefined,
    options: CallOptions | undefined,
  ): APIPromise<T.Deployments[P]['result']>;
  operation<K extends T.AccountOperationId>(
    id: K,
    request: T.AccountOperations[K]['request'] | undefined,
    options: CallOptions | undefined,
  ): APIPromise<T.AccountOperations[K]['response']>;
}

/** A method per public deployment of the services host. */
export abstract class DeploymentMethods {
  protected abstract readonly caller: Caller;

  /**
   * Object detection: `POST /object-detection` on the services host. Charged once per answer (a retry reuses the call's `Idempotency-Key`).
   *
   * @param image A path (Node), bytes, a Blob or a URL; resized to 1024 px on its long side when larger.
   */
  objectDetection(
    image: ImageInput,
    params?: T.ObjectDetectionParams,
    options?: CallOptions,
  ): APIPromise<T.ObjectDetectionResult> {
    return this.caller.deployment('object-detection', image, params, options);
  }

  /**
   * Depth estimation: `POST /depth-estimation` on the services host. Charged once per answer (a retry reuses the call's `Idempotency-Key`).
   *
   * @param image A path (Node), bytes, a Blob or a URL; resized to 1024 px on its long side when larger.
   */
  depthEstimation(
    image: ImageInput,
    params?: T.DepthEstimationParams,
    options?: CallOptions,
  ): APIPromise<T.DepthEstimationResult> {
    return this.caller.deployment('depth-estimation', image, params, options);
  }

  /**
   * Image classification: `POST /image-classification` on the services host. Charged once per answer (a retry reuses the call's `Idempotency-Key`).
   *
   * @param image A path (Node), bytes, a Blob or a URL; resized to 1024 px on its long side when larger.
   */
  imageClassification(
    image: ImageInput,
    params?: T.ImageClassificationParams,
    options?: CallOptions,
  ): APIPromise<T.ImageClassificationResult> {
    return this.caller.deployment('image-classification', image, params, options);
  }

  /**
   * Zero-shot image classification: `POST /zero-shot-image-classification` on the services host. Charged once per answer (a retry reuses the call's `Idempotency-Key`).
   *
   * @param image A path (Node), bytes, a Blob or a URL; resized to 1024 px on its long side when larger.
   */
  zeroShotImageClassification(
    image: ImageInput,
    params: T.ZeroShotImageClassificationParams,
    options?: CallOptions,
  ): APIPromise<T.ZeroShotImageClassificationResult> {
    return this.caller.deployment('zero-shot-image-classification', image, params, options);
  }

  /**
   * Zero-shot object detection: `POST /zero-shot-object-detection` on the services host. Charged once per answer (a retry reuses the call's `Idempotency-Key`).
   *
   * @param image A path (Node), bytes, a Blob or a URL; resized to 1024 px on its long side when larger.
   */
  zeroShotObjectDetection(
    image: ImageInput,
    params: T.ZeroShotObjectDetectionParams,
    options?: CallOptions,
  ): APIPromise<T.ZeroShotObjectDetectionResult> {
    return this.caller.deployment('zero-shot-object-detection', image, params, options);
  }

  /**
   * Semantic segmentation: `POST /image-segmentation/semantic` on the services host. Charged once per answer (a retry reuses the call's `Idempotency-Key`).
   *
   * @param image A path (Node), bytes, a Blob or a URL; resized to 1024 px on its long side when larger.
   */
  imageSegmentationSemantic(
    image: ImageInput,
    params?: T.ImageSegmentationSemanticParams,
    options?: CallOptions,
  ): APIPromise<T.ImageSegmentationSemanticResult> {
    return this.caller.deployment('image-segmentation/semantic', image, params, options);
  }

  /**
   * Instance segmentation: `POST /image-segmentation/instance` on the services host. Charged once per answer (a retry reuses the call's `Idempotency-Key`).
   *
   * @param image A path (Node), bytes, a Blob or a URL; resized to 1024 px on its long side when larger.
   */
  imageSegmentationInstance(
    image: ImageInput,
    params?: T.ImageSegmentationInstanceParams,
    options?: CallOptions,
  ): APIPromise<T.ImageSegmentationInstanceResult> {
    return this.caller.deployment('image-segmentation/instance', image, params, options);
  }

  /**
   * Panoptic segmentation: `POST /image-segmentation/panoptic` on the services host. Charged once per answer (a retry reuses the call's `Idempotency-Key`).
   *
   * @param image A path (Node), bytes, a Blob or a URL; resized to 1024 px on its long side when larger.
   */
  imageSegmentationPanoptic(
    image: ImageInput,
    params?: T.ImageSegmentationPanopticParams,
    options?: CallOptions,
  ): APIPromise<T.ImageSegmentationPanopticResult> {
    return this.caller.deployment('image-segmentation/panoptic', image, params, options);
  }
}

/** A method per operation of the account API (`/v1`). */
export class AccountResource {
  constructor(protected readonly caller: Caller) {}

  /**
   * Send feedback or a contact message: `POST /v1/email` (no credentials needed).
   *
   * Signed in: the token's e-mail address is the sender (a body `email` is ignored). Signed out: `email` is required. At most 10 messages an hour per client address (`FEEDBACK_RATE_LIMIT_MAX`; 429 with `Retry-After`).
   */
  sendFeedback(
    request: T.SendFeedbackRequest,
    options?: CallOptions,
  ): APIPromise<T.SendFeedbackResponse> {
    return this.caller.operation('sendFeedback', request, options);
  }

  /**
   * The shared demo test key for a signed-out reader's first try (no sign-in needed): `GET /v1/demo-key` (no credentials needed).
   *
   * A test key: free sample answers (`sandbox: true`), accepted from the site's own origins only, at most 10 calls a minute per client. Sign up for your own keys.
   */
  getDemoKey(
    request?: T.GetDemoKeyRequest,
    options?: CallOptions,
  ): APIPromise<T.GetDemoKeyResponse> {
    return this.caller.operation('getDemoKey', request, options);
  }

  /**
   * Prices of the public deployments (no sign-in needed): `GET /v1/pricing/pubic-deployment` (no credentials needed).
   *
   * The path is spelt `pubic-deployment`, as the first version of the API spelt it.
   */
  getPublicPricing(
    request?: T.GetPublicPricingRequest,
    options?: CallOptions,
  ): APIPromise<T.GetPublicPricingResponse> {
    return this.caller.operation('getPublicPricing', request, options);
  }

  /**
   * Availability, latency and incidents of every component (no sign-in needed): `GET /v1/status.json` (no credentials needed).
   *
   * The last 90 UTC days of the account API and of each public deployment, computed from the servers' own outcomes: a call that failed on our side (a 5xx: an upstream failure, a timeout, an open circuit) counts against availability, a refused request (4xx) does not; latency percentiles are those of successful answers. Incidents are opened and closed by the gateway's circuits. Figures are written every few seconds and the answer may be 15 seconds old.
   */
  getStatus(request?: T.GetStatusRequest, options?: CallOptions): APIPromise<T.GetStatusResponse> {
    return this.caller.operation('getStatus', request, options);
  }

  /**
   * The incidents as an Atom feed (no sign-in needed): `GET /v1/status.atom` (no credentials needed).
   *
   * One entry per incident of the last 90 days, updated when it is resolved; each says that failed calls were not charged.
   */
  getStatusFeed(
    request?: T.GetStatusFeedRequest,
    options?: CallOptions,
  ): APIPromise<T.GetStatusFeedResponse> {
    return this.caller.operation('getStatusFeed', request, options);
  }

  /**
   * Register your organization: `POST /v1/organization`.
   *
   * Also creates its first API key, "Playground key", used for in-browser image calls. Refused (409) when your account already has one: create another with `POST /organizations`.
   */
  createOrganization(
    request: T.CreateOrganizationRequest,
    options?: CallOptions,
  ): APIPromise<T.CreateOrganizationResponse> {
    return this.caller.operation('createOrganization', request, options);
  }

  /**
   * Update your organization: `PATCH /v1/organization`.
   */
  updateOrganization(
    request?: T.UpdateOrganizationRequest,
    options?: CallOptions,
  ): APIPromise<T.UpdateOrganizationResponse> {
    return this.caller.operation('updateOrganization', request, options);
  }

  /**
   * Your organization and wallet balance: `GET /v1/organization`.
   */
  getOrganization(
    request?: T.GetOrganizationRequest,
    options?: CallOptions,
  ): APIPromise<T.GetOrganizationResponse> {
    return this.caller.operation('getOrganization', request, options);
  }

  /**
   * Refresh the e-mail verification status: `POST /v1/organization/verify`.
   *
   * Reads the identity provider's flag (token claim, then the user record) and stores it.
   */
  verifyOrganizationEmail(
    request?: T.VerifyOrganizationEmailRequest,
    options?: CallOptions,
  ): APIPromise<T.VerifyOrganizationEmailResponse> {
    return this.caller.operation('verifyOrganizationEmail', request, options);
  }

  /**
   * The organizations you belong to, with your role in each: `GET /v1/organizations`.
   */
  listOrganizations(
    request?: T.ListOrganizationsRequest,
    options?: CallOptions,
  ): APIPromise<T.ListOrganizationsResponse> {
    return this.caller.operation('listOrganizations', request, options);
  }

  /**
   * Create another organization: `POST /v1/organizations`.
   *
   * The same form as your first organization. You become its owner and it becomes your selected organization. An account whose e-mail address is not verified owns at most 1 (403 `email_not_verified` past it).
   */
  createAnotherOrganization(
    request: T.CreateAnotherOrganizationRequest,
    options?: CallOptions,
  ): APIPromise<T.CreateAnotherOrganizationResponse> {
    return this.caller.operation('createAnotherOrganization', request, options);
  }

  /**
   * Choose the organization your calls act on by default: `POST /v1/organizations/select`.
   *
   * Calls that send no `x-organization-id` header act on it.
   */
  selectOrganization(
    request: T.SelectOrganizationRequest,
    options?: CallOptions,
  ): APIPromise<T.SelectOrganizationResponse> {
    return this.caller.operation('selectOrganization', request, options);
  }

  /**
   * Create an API key: `POST /v1/api-key`.
   *
   * The answer carries the full secret (`key`) this once: it is stored as a keyed hash and cannot be shown again.
   */
  createApiKey(
    request: T.CreateApiKeyRequest,
    options?: CallOptions,
  ): APIPromise<T.CreateApiKeyResponse> {
    return this.caller.operation('createApiKey', request, options);
  }

  /**
   * List the API keys of your organization: `GET /v1/api-key`.
   *
   * Secrets are not listed (`redacted` shows prefix and last four), except the in-browser keys and test keys, whose secrets the site needs: a live in-browser key is shown only to its holder (the member whose spend limit it counts towards), a test key also to owners and admins, never to a billing member or viewer. Each owner, admin and developer has their own in-browser key, made by this call the first time they list the keys. Every secret shown is recorded: it gets a new secret when the member leaves, is removed or demoted.
   */
  listApiKeys(
    request?: T.ListApiKeysRequest,
    options?: CallOptions,
  ): APIPromise<T.ListApiKeysResponse> {
    return this.caller.operation('listApiKeys', request, options);
  }

  /**
   * Make a key the default key: `POST /v1/api-key/set-default`.
   */
  setDefaultApiKey(
    request: T.SetDefaultApiKeyRequest,
    options?: CallOptions,
  ): APIPromise<T.SetDefaultApiKeyResponse> {
    return this.caller.operation('setDefaultApiKey', request, options);
  }

  /**
   * Roll a key: give it a new secret: `POST /v1/api-key/roll`.
   *
   * The answer carries the new secret this once. The old secret stops working at once (`expire_previous_in_hours: 0`) or after the chosen grace period. The key becomes the caller's (for an admin key, its holder's): its spend then counts towards their limit.
   */
  rollApiKey(
    request: T.RollApiKeyRequest,
    options?: CallOptions,
  ): APIPromise<T.RollApiKeyResponse> {
    return this.caller.operation('rollApiKey', request, options);
  }

  /**
   * Set or remove a key's monthly spend cap: `POST /v1/api-key/cap`.
   *
   * A call that would take the key past its cap this calendar month (UTC) is refused by the services host with 403 `key_cap_reached` (`x-should-retry: false`; `details.resets_at` says when the month turns) and costs nothing. Answers of a capped key carry `x-spend-cap-limit`, `x-spend-cap-remaining` and `x-spend-cap-reset`. Other keys of the organization are not affected.
   */
  setApiKeyCap(
    request: T.SetApiKeyCapRequest,
    options?: CallOptions,
  ): APIPromise<T.SetApiKeyCapResponse> {
    return this.caller.operation('setApiKeyCap', request, options);
  }

  /**
   * Set a key's limits: deployments, browser origins, expiry: `POST /v1/api-key/restrictions`.
   *
   * Each field sent replaces that limit; null removes it. A call outside the limits is refused by the services host with 403 `key_restricted` naming the limit, costs nothing, and is counted on the key (`refused_calls`).
   */
  setApiKeyRestrictions(
    request: T.SetApiKeyRestrictionsRequest,
    options?: CallOptions,
  ): APIPromise<T.SetApiKeyRestrictionsResponse> {
    return this.caller.operation('setApiKeyRestrictions', request, options);
  }

  /**
   * Disable a key: every call is refused (403, free) until it is enabled: `POST /v1/api-key/disable`.
   */
  disableApiKey(
    request: T.DisableApiKeyRequest,
    options?: CallOptions,
  ): APIPromise<T.DisableApiKeyResponse> {
    return this.caller.operation('disableApiKey', request, options);
  }

  /**
   * Enable a disabled key again: `POST /v1/api-key/enable`.
   */
  enableApiKey(
    request: T.EnableApiKeyRequest,
    options?: CallOptions,
  ): APIPromise<T.EnableApiKeyResponse> {
    return this.caller.operation('enableApiKey', request, options);
  }

  /**
   * Delete a key: `DELETE /v1/api-key`.
   *
   * Refused (409) for the last key used for in-browser image calls.
   */
  deleteApiKey(
    request: T.DeleteApiKeyRequest,
    options?: CallOptions,
  ): APIPromise<T.DeleteApiKeyResponse> {
    return this.caller.operation('deleteApiKey', request, options);
  }

  /**
   * Remaining credits of your wallet, in USD: `GET /v1/credits/balance`.
   *
   * Negative after a refund or a dispute took back credits that were already spent; metered calls are refused until a purchase brings it above the price of a call. `below_threshold` is true while it is below the low-balance alert threshold.
   */
  getBalance(
    request?: T.GetBalanceRequest,
    options?: CallOptions,
  ): APIPromise<T.GetBalanceResponse> {
    return this.caller.operation('getBalance', request, options);
  }

  /**
   * Create a credit order: `POST /v1/credits`.
   *
   * Needs a verified e-mail address (403 `email_not_verified` otherwise). With Stripe the answer carries the PaymentIntent client secret; the wallet is credited by the webhook once Stripe reports the payment. With the sandbox provider (local stack) confirm with `POST /credits/sandbox/confirm`. Poll `GET /credits/orders/{order_id}` until `status` is `succeeded`. At most 5 unpaid orders at a time (409); an unpaid order expires after 60 minutes.
   */
  createCreditOrder(
    request: T.CreateCreditOrderRequest,
    options?: CallOptions,
  ): APIPromise<T.CreateCreditOrderResponse> {
    return this.caller.operation('createCreditOrder', request, options);
  }

  /**
   * One of your credit orders, with its payment: `GET /v1/credits/orders/{order_id}`.
   *
   * Poll this after the payment provider confirms: `processing` until the backend has fulfilled the order, then `succeeded` (the credits are in the wallet) or `failed`.
   */
  getCreditOrder(
    request: T.GetCreditOrderRequest,
    options?: CallOptions,
  ): APIPromise<T.GetCreditOrderResponse> {
    return this.caller.operation('getCreditOrder', request, options);
  }

  /**
   * Pay a sandbox order (local stack only, when Stripe is not configured): `POST /v1/credits/sandbox/confirm`.
   *
   * Behaves like a card payment: the order becomes `processing` and is fulfilled by the same step as the Stripe webhook once the sandbox delay has passed (`SANDBOX_FULFILMENT_DELAY_MS`; at once when it is 0). Repeating it changes nothing; an expired order answers 410.
   */
  confirmSandboxOrder(
    request: T.ConfirmSandboxOrderRequest,
    options?: CallOptions,
  ): APIPromise<T.ConfirmSandboxOrderResponse> {
    return this.caller.operation('confirmSandboxOrder', request, options);
  }

  /**
   * The invoice of one of your payments, as a PDF: `GET /v1/credits/payments/{payment_id}/invoice`.
   *
   * Every fulfilled payment has a numbered invoice (one gap-free sequence for the site), with the seller and your organization as they were when it was issued.
   */
  getInvoice(
    request: T.GetInvoiceRequest,
    options?: CallOptions,
  ): APIPromise<T.GetInvoiceResponse> {
    return this.caller.operation('getInvoice', request, options);
  }

  /**
   * Payments of your organization, newest first: `GET /v1/credits/payments`.
   */
  listPayments(
    request?: T.ListPaymentsRequest,
    options?: CallOptions,
  ): APIPromise<T.ListPaymentsResponse> {
    return this.caller.operation('listPayments', request, options);
  }

  /**
   * Auto-recharge, low-balance alert and saved card: `GET /v1/billing/settings`.
   */
  getBillingSettings(
    request?: T.GetBillingSettingsRequest,
    options?: CallOptions,
  ): APIPromise<T.GetBillingSettingsResponse> {
    return this.caller.operation('getBillingSettings', request, options);
  }

  /**
   * Change auto-recharge and the low-balance alert: `PUT /v1/billing/settings`.
   *
   * Auto-recharge: when a metered call takes the balance below `threshold_usd`, the saved card is charged `amount_usd` (within the purchase limits) once; a failed charge turns it off. A daily ceiling (`daily_ceiling`, default 3 recharges or $1,000 per UTC day) pauses it and e-mails the owner when passed. Turning it on needs a saved card (409 otherwise). Low-balance alert: one e-mail when the balance falls below the threshold, again only after it rose above it.
   */
  updateBillingSettings(
    request?: T.UpdateBillingSettingsRequest,
    options?: CallOptions,
  ): APIPromise<T.UpdateBillingSettingsResponse> {
    return this.caller.operation('updateBillingSettings', request, options);
  }

  /**
   * Start saving a card for automatic recharges: `POST /v1/billing/payment-method/setup`.
   *
   * With Stripe: a SetupIntent client secret for the Payment Element; the card is saved when Stripe reports `setup_intent.succeeded` to the webhook. With the sandbox provider: no secret; save a test card with `POST /billing/payment-method/sandbox`.
   */
  setUpPaymentMethod(
    request?: T.SetUpPaymentMethodRequest,
    options?: CallOptions,
  ): APIPromise<T.SetUpPaymentMethodResponse> {
    return this.caller.operation('setUpPaymentMethod', request, options);
  }

  /**
   * Save a sandbox test card (local stack only, when Stripe is not configured): `POST /v1/billing/payment-method/sandbox`.
   */
  saveSandboxCard(
    request: T.SaveSandboxCardRequest,
    options?: CallOptions,
  ): APIPromise<T.SaveSandboxCardResponse> {
    return this.caller.operation('saveSandboxCard', request, options);
  }

  /**
   * Forget the saved card (turns auto-recharge off): `DELETE /v1/billing/payment-method`.
   */
  deletePaymentMethod(
    request?: T.DeletePaymentMethodRequest,
    options?: CallOptions,
  ): APIPromise<T.DeletePaymentMethodResponse> {
    return this.caller.operation('deletePaymentMethod', request, options);
  }

  /**
   * Usage and purchases, newest first: `GET /v1/transaction`.
   *
   * Rows with start_date <= created_at <= end_date; totals cover the whole range.
   */
  listTransactions(
    request?: T.ListTransactionsRequest,
    options?: CallOptions,
  ): APIPromise<T.ListTransactionsResponse> {
    return this.caller.operation('listTransactions', request, options);
  }

  /**
   * Spend and calls per day, by deployment and by key: `GET /v1/usage/daily`.
   *
   * Read from hourly and daily usage rollups kept with the ledger, by day, deployment and key; filter by `deployment` or `api_key_id`. Days are counted in `utc_offset_minutes`; a range covers at most 366 days.
   */
  getDailyUsage(
    request: T.GetDailyUsageRequest,
    options?: CallOptions,
  ): APIPromise<T.GetDailyUsageResponse> {
    return this.caller.operation('getDailyUsage', request, options);
  }

  /**
   * The daily aggregate as CSV, by deployment or by key (`group_by`): `GET /v1/usage/daily.csv`.
   *
   * Fields that a spreadsheet would read as a formula (starting with `=`, `+`, `-` or `@`) are defused.
   */
  exportDailyUsage(
    request: T.ExportDailyUsageRequest,
    options?: CallOptions,
  ): APIPromise<T.ExportDailyUsageResponse> {
    return this.caller.operation('exportDailyUsage', request, options);
  }

  /**
   * Usage and cost by UTC day or hour, grouped by key, deployment or member (for machines): `GET /v1/usage/buckets`.
   *
   * Read from the usage rollups kept in the transaction of every charge: `cost_micros` sums to the ledger to the micro-dollar. Paged by `cursor` (`next_cursor`). Meant for admin keys (a `viewer` admin key reads it and nothing it could change).
   */
  listUsageBuckets(
    request: T.ListUsageBucketsRequest,
    options?: CallOptions,
  ): APIPromise<T.ListUsageBucketsResponse> {
    return this.caller.operation('listUsageBuckets', request, options);
  }

  /**
   * Every transaction in a range as CSV, oldest first: `GET /v1/transaction.csv`.
   *
   * Streamed from a database cursor as it is read, whatever the number of rows; a range covers at most 366 days. Fields that a spreadsheet would read as a formula are defused.
   */
  exportTransactions(
    request: T.ExportTransactionsRequest,
    options?: CallOptions,
  ): APIPromise<T.ExportTransactionsResponse> {
    return this.caller.operation('exportTransactions', request, options);
  }

  /**
   * Members of the organization, with role, joined and last active: `GET /v1/team/members`.
   */
  listMembers(
    request?: T.ListMembersRequest,
    options?: CallOptions,
  ): APIPromise<T.ListMembersResponse> {
    return this.caller.operation('listMembers', request, options);
  }

  /**
   * Change a member's role or monthly spend limit: `PATCH /v1/team/members/{uid}`.
   *
   * The owner's role changes only by a transfer of ownership. A spend limit caps what the keys the member created may spend per calendar month (UTC); a call past it is refused with 403 `member_limit_reached` and costs nothing.
   */
  updateMember(
    request: T.UpdateMemberRequest,
    options?: CallOptions,
  ): APIPromise<T.UpdateMemberResponse> {
    return this.caller.operation('updateMember', request, options);
  }

  /**
   * Remove a member: `DELETE /v1/team/members/{uid}`.
   *
   * Their access ends at once. The API keys they created are handed to `hand_keys_to` (another owner, admin or developer) and keep working, or else are deleted; the answer counts both. Every key whose secret they read or were shown (the keys they created; for an owner or admin also the in-browser key and test keys) gets a new secret at once, listed in `api_keys_rotated` and in the audit entry; demoting an owner or admin to another role does the same. The owner cannot be removed.
   */
  removeMember(
    request: T.RemoveMemberRequest,
    options?: CallOptions,
  ): APIPromise<T.RemoveMemberResponse> {
    return this.caller.operation('removeMember', request, options);
  }

  /**
   * Leave the organization: `POST /v1/team/leave`.
   *
   * The API keys you created in it stop working. The owner transfers ownership first.
   */
  leaveOrganization(
    request?: T.LeaveOrganizationRequest,
    options?: CallOptions,
  ): APIPromise<T.LeaveOrganizationResponse> {
    return this.caller.operation('leaveOrganization', request, options);
  }

  /**
   * Transfer ownership to another member: `POST /v1/team/transfer`.
   *
   * The member becomes the owner; you become an admin. The new owner is told by e-mail.
   */
  transferOwnership(
    request: T.TransferOwnershipRequest,
    options?: CallOptions,
  ): APIPromise<T.TransferOwnershipResponse> {
    return this.caller.operation('transferOwnership', request, options);
  }

  /**
   * Pending invitations: `GET /v1/team/invitations`.
   */
  listInvitations(
    request?: T.ListInvitationsRequest,
    options?: CallOptions,
  ): APIPromise<T.ListInvitationsResponse> {
    return this.caller.operation('listInvitations', request, options);
  }

  /**
   * Invite someone by e-mail: `POST /v1/team/invitations`.
   *
   * Sends a single-use link, valid for 7 days, that only the invited address can accept. Needs a verified e-mail address (403 `email_not_verified`). At most 20 invitations (new or resent) per organization per hour, and 50 per person per 24 hours across all their organizations (429 with `Retry-After`; `details.limit`, `details.window_seconds`, `details.resets_at`). The e-mail's subject names no organization; its text quotes the name with links defused.
   */
  inviteMember(
    request: T.InviteMemberRequest,
    options?: CallOptions,
  ): APIPromise<T.InviteMemberResponse> {
    return this.caller.operation('inviteMember', request, options);
  }

  /**
   * Resend an invitation: `POST /v1/team/invitations/{invitation_id}/resend`.
   *
   * A new link for 7 more days; the previous link stops working. Needs a verified e-mail address, and counts against the same limits as a new invitation.
   */
  resendInvitation(
    request: T.ResendInvitationRequest,
    options?: CallOptions,
  ): APIPromise<T.ResendInvitationResponse> {
    return this.caller.operation('resendInvitation', request, options);
  }

  /**
   * Revoke an invitation: `DELETE /v1/team/invitations/{invitation_id}`.
   */
  revokeInvitation(
    request: T.RevokeInvitationRequest,
    options?: CallOptions,
  ): APIPromise<T.RevokeInvitationResponse> {
    return this.caller.operation('revokeInvitation', request, options);
  }

  /**
   * What an invitation link offers (no sign-in needed): `POST /v1/invitations/preview` (no credentials needed).
   */
  previewInvitation(
    request: T.PreviewInvitationRequest,
    options?: CallOptions,
  ): APIPromise<T.PreviewInvitationResponse> {
    return this.caller.operation('previewInvitation', request, options);
  }

  /**
   * Accept an invitation and join the organization: `POST /v1/invitations/accept`.
   *
   * Only the invited e-mail address can accept, once, and only once it is verified (403 `email_not_verified`: verify it, then accept again). The organization becomes your selected one.
   */
  acceptInvitation(
    request: T.AcceptInvitationRequest,
    options?: CallOptions,
  ): APIPromise<T.AcceptInvitationResponse> {
    return this.caller.operation('acceptInvitation', request, options);
  }

  /**
   * Admin keys of the organization: `GET /v1/admin-keys`.
   */
  listAdminKeys(
    request?: T.ListAdminKeysRequest,
    options?: CallOptions,
  ): APIPromise<T.ListAdminKeysResponse> {
    return this.caller.operation('listAdminKeys', request, options);
  }

  /**
   * Create an admin key for a machine: `POST /v1/admin-keys`.
   *
   * An admin key calls /v1 as a member of the chosen role (`Authorization: Bearer va_admin_…`), for this organization only. The secret is shown this once.
   */
  createAdminKey(
    request: T.CreateAdminKeyRequest,
    options?: CallOptions,
  ): APIPromise<T.CreateAdminKeyResponse> {
    return this.caller.operation('createAdminKey', request, options);
  }

  /**
   * Roll an admin key: the old secret stops working at once: `POST /v1/admin-keys/{admin_key_id}/roll`.
   */
  rollAdminKey(
    request: T.RollAdminKeyRequest,
    options?: CallOptions,
  ): APIPromise<T.RollAdminKeyResponse> {
    return this.caller.operation('rollAdminKey', request, options);
  }

  /**
   * Delete an admin key: it stops working at once: `DELETE /v1/admin-keys/{admin_key_id}`.
   */
  deleteAdminKey(
    request: T.DeleteAdminKeyRequest,
    options?: CallOptions,
  ): APIPromise<T.DeleteAdminKeyResponse> {
    return this.caller.operation('deleteAdminKey', request, options);
  }

  /**
   * Webhook endpoints of the organization: `GET /v1/webhooks`.
   *
   * Secrets are not listed (`secret_redacted` shows the last four characters).
   */
  listWebhooks(
    request?: T.ListWebhooksRequest,
    options?: CallOptions,
  ): APIPromise<T.ListWebhooksResponse> {
    return this.caller.operation('listWebhooks', request, options);
  }

  /**
   * Add a webhook endpoint: `POST /v1/webhooks`.
   *
   * The answer carries the signing secret (`secret`, `whsec_…`) this once. At most 16 endpoints per organization; the URL must be https and resolve to a public address.
   */
  createWebhook(
    request: T.CreateWebhookRequest,
    options?: CallOptions,
  ): APIPromise<T.CreateWebhookResponse> {
    return this.caller.operation('createWebhook', request, options);
  }

  /**
   * One webhook endpoint: `GET /v1/webhooks/{webhook_id}`.
   */
  getWebhook(
    request: T.GetWebhookRequest,
    options?: CallOptions,
  ): APIPromise<T.GetWebhookResponse> {
    return this.caller.operation('getWebhook', request, options);
  }

  /**
   * Change, disable or enable a webhook endpoint: `PATCH /v1/webhooks/{webhook_id}`.
   *
   * Each field sent replaces its value. `enabled: false` stops deliveries (due ones wait); `enabled: true` enables it again, also after it was disabled for failing.
   */
  updateWebhook(
    request: T.UpdateWebhookRequest,
    options?: CallOptions,
  ): APIPromise<T.UpdateWebhookResponse> {
    return this.caller.operation('updateWebhook', request, options);
  }

  /**
   * Delete a webhook endpoint and its deliveries log: `DELETE /v1/webhooks/{webhook_id}`.
   */
  deleteWebhook(
    request: T.DeleteWebhookRequest,
    options?: CallOptions,
  ): APIPromise<T.DeleteWebhookResponse> {
    return this.caller.operation('deleteWebhook', request, options);
  }

  /**
   * Give a webhook endpoint a new signing secret: `POST /v1/webhooks/{webhook_id}/rotate-secret`.
   *
   * The answer carries the new secret this once. For `expire_previous_in_hours` (default 24) deliveries carry two signatures, one per secret, so a receiver can switch without missing any.
   */
  rotateWebhookSecret(
    request: T.RotateWebhookSecretRequest,
    options?: CallOptions,
  ): APIPromise<T.RotateWebhookSecretResponse> {
    return this.caller.operation('rotateWebhookSecret', request, options);
  }

  /**
   * Send a `test` event to a webhook endpoint: `POST /v1/webhooks/{webhook_id}/test`.
   *
   * The first attempt is made before the answer, which carries it; a failed one is retried on the schedule like any delivery. Refused (409) while the endpoint is disabled.
   */
  sendTestWebhook(
    request: T.SendTestWebhookRequest,
    options?: CallOptions,
  ): APIPromise<T.SendTestWebhookResponse> {
    return this.caller.operation('sendTestWebhook', request, options);
  }

  /**
   * A webhook endpoint's deliveries, newest first, with their attempts: `GET /v1/webhooks/{webhook_id}/deliveries`.
   */
  listWebhookDeliveries(
    request: T.ListWebhookDeliveriesRequest,
    options?: CallOptions,
  ): APIPromise<T.ListWebhookDeliveriesResponse> {
    return this.caller.operation('listWebhookDeliveries', request, options);
  }

  /**
   * Send a delivery again now (same `webhook-id`): `POST /v1/webhooks/deliveries/{delivery_id}/replay`.
   *
   * A new attempt, made before the answer, which carries it. A 2xx marks the delivery succeeded; a failure leaves its status and retry schedule as they were. Refused (409) while the endpoint is disabled or an attempt of the delivery is in flight.
   */
  replayWebhookDelivery(
    request: T.ReplayWebhookDeliveryRequest,
    options?: CallOptions,
  ): APIPromise<T.ReplayWebhookDeliveryResponse> {
    return this.caller.operation('replayWebhookDelivery', request, options);
  }

  /**
   * Events of the organization, newest first: `GET /v1/events`.
   *
   * Page with `next_cursor` (as `cursor`) or with `starting_after` (the last id of the previous page); filter by `type` and `created_after`. Each event has the `type`, `created_at` and `data` a webhook delivery of it carries. Events are kept 30 days.
   */
  listEvents(
    request?: T.ListEventsRequest,
    options?: CallOptions,
  ): APIPromise<T.ListEventsResponse> {
    return this.caller.operation('listEvents', request, options);
  }

  /**
   * One event: `GET /v1/events/{event_id}`.
   *
   * Events are kept 30 days; an older one is not found.
   */
  getEvent(request: T.GetEventRequest, options?: CallOptions): APIPromise<T.GetEventResponse> {
    return this.caller.operation('getEvent', request, options);
  }

  /**
   * Who did what, when and from where (newest first): `GET /v1/audit-log`.
   */
  listAuditLog(
    request?: T.ListAuditLogRequest,
    options?: CallOptions,
  ): APIPromise<T.ListAuditLogResponse> {
    return this.caller.operation('listAuditLog', request, options);
  }

  /**
   * The filtered audit log as CSV: `GET /v1/audit-log.csv`.
   *
   * At most 50000 rows, newest first. Fields that a spreadsheet would read as a formula are defused.
   */
  exportAuditLog(
    request?: T.ExportAuditLogRequest,
    options?: CallOptions,
  ): APIPromise<T.ExportAuditLogResponse> {
    return this.caller.operation('exportAuditLog', request, options);
  }
}
