/** `sendFeedback(body)` for the feedback, notify-me and contact forms, with the site's requester. */
import type { FeedbackBody } from '@contract/account';
import { postFeedback } from './feedback-call';
import { request } from './requester';

export const sendFeedback = (body: FeedbackBody) => postFeedback(request, body);
