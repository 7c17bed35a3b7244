/** A requester that records each call's options and answers like a failing network. */
import type { RequestOptions, Requester } from '../../../src/api/request';

export function recordingRequester(): { calls: RequestOptions[]; request: Requester } {
  const calls: RequestOptions[] = [];
  const request = (async (options: RequestOptions) => {
    calls.push(options);
    return { error_message: options.defaultMessage };
  }) as Requester;
  return { calls, request };
}
