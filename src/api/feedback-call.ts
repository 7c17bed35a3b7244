/**
 * Feedback and contact messages (`POST email`, spec §7): sent signed out too, with the ID token
 * when someone is signed in. A module of its own so that the docs pages' feedback and notify-me
 * forms and the contact page send it without the account client (see ./feedback.ts).
 */
import type { FeedbackBody, FeedbackReceipt } from '@contract/account';
import { API_MESSAGES } from './messages';
import type { Requester } from './request';
import type { ApiResult } from './result';

export function postFeedback(
  request: Requester,
  body: FeedbackBody,
): Promise<ApiResult<FeedbackReceipt>> {
  return request({
    method: 'POST',
    path: 'email',
    body,
    auth: 'optional',
    defaultMessage: API_MESSAGES.submitFeedback,
  });
}
