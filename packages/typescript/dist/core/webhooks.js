/**
 * Verifying a webhook delivery (Standard Webhooks, https://www.standardwebhooks.com): the
 * `webhook-signature` header carries one or more `v1,<base64 HMAC-SHA256>` signatures of
 * `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the endpoint's
 * `whsec_…` secret. Web Crypto only, so it runs in Node 20+, Deno, Bun, edge runtimes and browsers.
 */
import { VisionAPIError } from './errors.js';
/** The signature is missing, wrong, or its timestamp is outside the tolerance. */
export class WebhookVerificationError extends VisionAPIError {
    name = 'WebhookVerificationError';
}
/** How far `webhook-timestamp` may be from the receiver's clock (seconds). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
function header(headers, name) {
    let value;
    if (typeof headers.get === 'function') {
        value = headers.get(name);
    }
    else {
        const record = headers;
        value = record[name] ?? Object.entries(record).find(([key]) => key.toLowerCase() === name)?.[1];
    }
    const text = Array.isArray(value) ? value[0] : value;
    if (!text)
        throw new WebhookVerificationError(`The ${name} header is missing.`);
    return text;
}
function base64ToBytes(text) {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++)
        bytes[i] = binary.charCodeAt(i);
    return bytes;
}
function bytesToBase64(bytes) {
    let binary = '';
    for (const byte of bytes)
        binary += String.fromCharCode(byte);
    return btoa(binary);
}
/** Equality in time that depends only on the length. */
function sameText(a, b) {
    if (a.length !== b.length)
        return false;
    let difference = 0;
    for (let i = 0; i < a.length; i++)
        difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
    return difference === 0;
}
/**
 * Checks a delivery's signature and timestamp and returns the parsed event; throws
 * WebhookVerificationError otherwise. Pass the raw body exactly as received (not re-serialized).
 *
 *   const event = await unwrap(rawBody, request.headers, process.env.VISIONAPI_WEBHOOK_SECRET);
 */
export async function unwrap(body, headers, secret, options = {}) {
    const id = header(headers, 'webhook-id');
    const timestamp = header(headers, 'webhook-timestamp');
    const signatures = header(headers, 'webhook-signature');
    if (!/^\d{1,12}$/.test(timestamp)) {
        throw new WebhookVerificationError('The webhook-timestamp header is not a unix time.');
    }
    const now = Math.floor((options.now?.() ?? Date.now()) / 1000);
    const tolerance = options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS;
    if (Math.abs(now - Number(timestamp)) > tolerance) {
        throw new WebhookVerificationError('The webhook-timestamp is too far from this clock (a replayed or delayed delivery).');
    }
    const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
    let key;
    try {
        key = base64ToBytes(secret.startsWith('whsec_') ? secret.slice(6) : secret);
    }
    catch {
        throw new WebhookVerificationError('The secret is not a whsec_… signing secret.');
    }
    const cryptoKey = await globalThis.crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const mac = await globalThis.crypto.subtle.sign('HMAC', cryptoKey, new TextEncoder().encode(`${id}.${timestamp}.${text}`));
    const expected = bytesToBase64(new Uint8Array(mac));
    const matched = signatures.split(' ').some((signature) => {
        const comma = signature.indexOf(',');
        return (comma > 0 &&
            signature.slice(0, comma) === 'v1' &&
            sameText(signature.slice(comma + 1), expected));
    });
    if (!matched)
        throw new WebhookVerificationError('No signature of the delivery matches the secret.');
    try {
        return JSON.parse(text);
    }
    catch {
        throw new WebhookVerificationError('The body is not JSON.');
    }
}
/** A new signing secret: `whsec_` and base64 of 32 random bytes (what `visionapi listen` uses). */
export function generateWebhookSecret() {
    const bytes = new Uint8Array(32);
    globalThis.crypto.getRandomValues(bytes);
    return `whsec_${bytesToBase64(bytes)}`;
}
/**
 * The `webhook-signature` of a delivery (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">`), as
 * VisionAPI signs it: for forwarding events (`visionapi listen`) and for testing a receiver.
 */
export async function signWebhook(secret, id, timestamp, body) {
    const key = base64ToBytes(secret.startsWith('whsec_') ? secret.slice(6) : secret);
    const cryptoKey = await globalThis.crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const mac = await globalThis.crypto.subtle.sign('HMAC', cryptoKey, new TextEncoder().encode(`${id}.${timestamp}.${body}`));
    return `v1,${bytesToBase64(new Uint8Array(mac))}`;
}
