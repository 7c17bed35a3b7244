/**
 * The typed /v1 requester (src/api/v1.ts): each call's path, parameters, body, headers and answer
 * come from the contract's endpoint map, so mistakes fail `tsc` (the `@ts-expect-error` lines
 * below fail the typecheck if the mistake they mark ever compiles).
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ApiKeyList, Balance, CreditOrder, PaymentList } from '@contract/account';
import type { V1EndpointKey } from '@contract/endpoints';
import type { ApiResult } from '../../src/api/result';
import { createV1Client, V1_CALLS } from '../../src/api/v1';
import { recordingRequester } from './support/recording';

function recording() {
  const { calls, request } = recordingRequester();
  return { calls, v1: createV1Client(request) };
}

describe('typed /v1 requester', () => {
  it('sends the method and path of the endpoint, with path parameters escaped', async () => {
    const { calls, v1 } = recording();
    await v1('GET /credits/orders/{order_id}', { params: { order_id: 'ord/1 2' } });
    await v1('DELETE /api-key', { headers: { 'x-api-key': 'key_1' } });
    await v1('GET /credits/payments', { query: { skip: 10 } });
    expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET credits/orders/ord%2F1%202',
      'DELETE api-key',
      'GET credits/payments',
    ]);
    expect(calls[1]!.headers).toEqual({ 'x-api-key': 'key_1' });
    expect(calls[2]!.query).toEqual({ skip: 10 });
  });

  it('gives every endpoint of the map its catalogue message and how it signs in', async () => {
    const { calls, v1 } = recording();
    const result = await v1('GET /credits/balance');
    expect(result).toEqual({
      error_message: 'An error occurred while fetching the remaining credits',
    });
    expect(calls[0]).toMatchObject({ auth: undefined, forceRefresh: undefined });
    await v1('POST /organization/verify');
    expect(calls[1]).toMatchObject({
      defaultMessage: 'An error occurred while checking email verification status',
      forceRefresh: true,
    });
    expect(V1_CALLS['GET /pricing/pubic-deployment'].auth).toBe('none');
    expect(V1_CALLS['POST /email'].auth).toBe('optional');
    expect(V1_CALLS['GET /transaction.csv'].responseType).toBe('text');
  });

  it('types each answer from the map', () => {
    const { v1 } = recording();
    expectTypeOf(v1('GET /credits/balance')).resolves.toEqualTypeOf<ApiResult<Balance>>();
    expectTypeOf(v1('GET /api-key')).resolves.toEqualTypeOf<ApiResult<ApiKeyList>>();
    expectTypeOf(
      v1('GET /credits/orders/{order_id}', { params: { order_id: 'o' } }),
    ).resolves.toEqualTypeOf<ApiResult<CreditOrder>>();
    expectTypeOf(v1('GET /credits/payments')).resolves.toEqualTypeOf<ApiResult<PaymentList>>();
    expectTypeOf<'GET /credits/balance'>().toExtend<V1EndpointKey>();
  });

  it('refuses, at compile time, what the map does not allow', () => {
    const { v1 } = recording();
    // Compiled, never run: each marked line must fail the typecheck.
    const mistakes = async () => {
      // @ts-expect-error no such endpoint
      await v1('GET /credit/balance');
      // @ts-expect-error the method is part of the endpoint
      await v1('POST /credits/balance');
      // @ts-expect-error a GET has no body
      await v1('GET /credits/balance', { body: { remaining_credits: 1 } });
      // @ts-expect-error creating a key needs its body
      await v1('POST /api-key');
      // @ts-expect-error the name is a string
      await v1('POST /api-key', { body: { name: 42 } });
      // @ts-expect-error an unknown body field
      await v1('POST /credits', { body: { price_in_usd: 5, coupon: 'FREE' } });
      // @ts-expect-error the order id is a path parameter
      await v1('GET /credits/orders/{order_id}');
      // @ts-expect-error the path parameter is `order_id`
      await v1('GET /credits/orders/{order_id}', { params: { id: 'o' } });
      // @ts-expect-error deleting a key names it in the x-api-key header
      await v1('DELETE /api-key');
      // @ts-expect-error `page` is not a query parameter of the payment log
      await v1('GET /credits/payments', { query: { page: 2 } });
      await v1('POST /api-key/roll', {
        headers: { 'x-api-key': 'k' },
        // @ts-expect-error 2 hours is not a grace period of a roll
        body: { expire_previous_in_hours: 2 },
      });
      const balance = await v1('GET /credits/balance');
      // @ts-expect-error the balance answer has no `wallet_balance`
      void balance.data?.wallet_balance;
    };
    expect(mistakes).toBeTypeOf('function');
  });
});
