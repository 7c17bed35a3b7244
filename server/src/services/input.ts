/**
 * Reads an image call: multipart (file part `image` + parameter fields) or
 * JSON (`image` as base64 or a data URL + parameters). Checks size and media
 * type and validates the parameters against the deployment's contract schema.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';
import {
  ACCEPTED_IMAGE_TYPES,
  MAX_BATCH_IMAGES,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_URL_LENGTH,
} from '@contract';
import { ApiError, invalidRequest } from '../lib/errors';
import { firstLoneSurrogate, loneSurrogateMessage } from '../lib/unicode';

/** One image of a batch (`images`): its bytes, or its URL to fetch. */
export interface BatchImage {
  image: Buffer | null;
  imageUrl: string | null;
}

export interface ImageCall {
  /** The uploaded image; null when the call names an `image_url` instead (fetched later). */
  image: Buffer | null;
  imageUrl: string | null;
  /** A batch (`images`): its images in order; `image` and `imageUrl` are then null. */
  batch?: BatchImage[];
  params: Record<string, unknown>;
}

const TOO_LARGE = `The image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`;
const UNSUPPORTED = 'Unsupported image type: send a JPEG, PNG or WebP image.';

type RawFields = Record<string, string | string[]>;

function addField(fields: RawFields, name: string, value: string) {
  const existing = fields[name];
  if (existing === undefined) fields[name] = value;
  else fields[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
}

async function readMultipart(
  request: FastifyRequest,
): Promise<{ image: Buffer | null; fields: RawFields }> {
  const fields: RawFields = {};
  let image: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const file = part as MultipartFile;
        if (file.fieldname !== 'image') {
          file.file.resume();
          throw invalidRequest(
            `Unexpected file field "${file.fieldname.slice(0, 64)}": send the image in the "image" field.`,
          );
        }
        if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.mimetype)) {
          file.file.resume();
          throw new ApiError('unsupported_media_type', UNSUPPORTED);
        }
        if (image) throw invalidRequest('Send one image per call.');
        image = await file.toBuffer();
      } else {
        addField(fields, part.fieldname, String(part.value));
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw new ApiError('payload_too_large', TOO_LARGE);
    // Busboy and @fastify/multipart errors: a malformed body is the caller's, never a 500.
    throw invalidRequest(
      `Malformed multipart/form-data body: ${String((error as Error).message ?? 'could not be read').slice(0, 120)}.`,
    );
  }
  return { image, fields };
}

/** Characters a base64 or base64url body may hold (whitespace and padding handled apart). */
const BASE64_ALPHABET = (() => {
  const allowed = new Uint8Array(128);
  for (const ch of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_') {
    allowed[ch.charCodeAt(0)] = 1;
  }
  return allowed;
})();

/**
 * True when `data` is base64 (or base64url): alphabet characters, ASCII whitespace anywhere, at
 * most two `=` at the end. One pass, no regex: linear whatever the input.
 */
export function isBase64(data: string): boolean {
  let padding = 0;
  for (let i = 0; i < data.length; i++) {
    const code = data.charCodeAt(i);
    if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) continue;
    if (code === 0x3d) {
      padding += 1;
      if (padding > 2) return false;
      continue;
    }
    if (padding > 0 || code >= 128 || BASE64_ALPHABET[code] === 0) return false;
  }
  return true;
}

const DATA_URL_HEAD = 200;

/** A base64 string or a data URL to bytes, checking the size first, then the declared type. */
function decodeBase64Image(value: string): Buffer {
  // Cheap checks first: the size bound needs no scan of the content.
  if (Math.floor((value.length * 3) / 4) > MAX_IMAGE_BYTES * 1.05 + 1024) {
    throw new ApiError('payload_too_large', TOO_LARGE);
  }
  let data = value;
  if (data.startsWith('data:') || data.startsWith('DATA:')) {
    const comma = data.indexOf(',');
    if (comma < 0 || comma > DATA_URL_HEAD) {
      throw invalidRequest('Invalid image: expected base64 or a data URL.');
    }
    const meta = data.slice(5, comma).toLowerCase().split(';');
    const mediaType = meta[0];
    if (mediaType && !(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(mediaType)) {
      throw new ApiError('unsupported_media_type', UNSUPPORTED);
    }
    if (!meta.includes('base64')) {
      throw invalidRequest('Invalid image: the data URL must be base64-encoded.');
    }
    data = data.slice(comma + 1);
  }
  if (!isBase64(data)) throw invalidRequest('Invalid image: expected base64 or a data URL.');
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length > MAX_IMAGE_BYTES) throw new ApiError('payload_too_large', TOO_LARGE);
  return bytes;
}

/** JPEG, PNG or WebP by their first bytes; null otherwise. */
export function sniffImageType(bytes: Buffer): (typeof ACCEPTED_IMAGE_TYPES)[number] | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

/** Multipart values are strings: turn them into what the schema expects. */
function coerceFields(schema: TSchema, fields: RawFields): Record<string, unknown> {
  const properties =
    (schema as { properties?: Record<string, { type?: string }> }).properties ?? {};
  const result: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(fields)) {
    const type = properties[name]?.type;
    if (type === 'array') {
      const values = Array.isArray(raw) ? raw : [raw];
      if (values.length === 1 && values[0]!.trim().startsWith('[')) {
        try {
          result[name] = JSON.parse(values[0]!);
          continue;
        } catch {
          throw invalidRequest(`Invalid parameter ${name}: not a valid JSON array.`);
        }
      }
      result[name] =
        values.length === 1
          ? values[0]!
              .split(',')
              .map((v) => v.trim())
              .filter(Boolean)
          : values;
    } else if (
      (type === 'number' || type === 'integer') &&
      typeof raw === 'string' &&
      raw.trim() !== ''
    ) {
      result[name] = Number(raw);
    } else {
      result[name] = raw;
    }
  }
  return result;
}

const compiled = new WeakMap<TSchema, ReturnType<typeof Compile>>();

const PRIMITIVE = new Set(['integer', 'number', 'string', 'boolean']);

/**
 * A flat object schema's top-level defaults (every property a primitive, or a list of
 * primitives without defaults of their own), or null for any other schema. For such a schema,
 * filling the missing properties with these is exactly what TypeBox's `Value.Default` does, at a
 * fraction of its cost on every call (tests/unit compares the two on every deployment).
 */
export function flatDefaults(schema: TSchema): Map<string, unknown> | null {
  const object = schema as { type?: unknown; properties?: Record<string, Record<string, unknown>> };
  if (object.type !== 'object' || !object.properties) return null;
  const defaults = new Map<string, unknown>();
  for (const [name, property] of Object.entries(object.properties)) {
    const items = property.items as Record<string, unknown> | undefined;
    const flat =
      PRIMITIVE.has(property.type as string) ||
      (property.type === 'array' &&
        items &&
        PRIMITIVE.has(items.type as string) &&
        !('default' in items));
    if (!flat) return null;
    if ('default' in property) defaults.set(name, property.default);
  }
  return defaults;
}

const defaultsOf = new WeakMap<TSchema, Map<string, unknown> | null>();

/** The parameters with the schema's defaults filled in, as `Value.Default` fills them. */
export function withDefaults(schema: TSchema, params: Record<string, unknown>) {
  let defaults = defaultsOf.get(schema);
  if (defaults === undefined) {
    defaults = flatDefaults(schema);
    defaultsOf.set(schema, defaults);
  }
  if (defaults === null)
    return Value.Default(schema, structuredClone(params)) as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    result[name] = Array.isArray(value) ? [...value] : value;
  }
  for (const [name, value] of defaults) {
    if (result[name] === undefined) result[name] = structuredClone(value);
  }
  return result;
}

/** Parameters checked against the deployment schema, with defaults applied; 400 otherwise. */
export function validateParams(
  schema: TSchema,
  deployment: string,
  params: Record<string, unknown>,
) {
  // A multipart field's JSON array may hold `"\ud800"` (JSON bodies are checked when parsed).
  const bad = firstLoneSurrogate(params);
  if (bad !== null) throw invalidRequest(loneSurrogateMessage('parameters', bad));
  const known = Object.keys((schema as { properties?: object }).properties ?? {});
  const unknown = Object.keys(params).filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    const accepted = known.length ? `Accepted: ${known.join(', ')}.` : 'It takes no parameters.';
    throw invalidRequest(`Unknown parameter "${unknown[0]}" for ${deployment}. ${accepted}`);
  }
  let check = compiled.get(schema);
  if (!check) {
    check = Compile(schema);
    compiled.set(schema, check);
  }
  if (!check.Check(params)) {
    const [first] = check.Errors(params);
    const field = first?.instancePath.replace(/^\//, '').replace(/\//g, '.') ?? '';
    const missing = (first?.params as { requiredProperties?: string[] } | undefined)
      ?.requiredProperties;
    const detail = missing?.length
      ? `${missing.join(', ')} is required`
      : `${field ? `${field} ` : ''}${first?.message ?? 'is not valid'}`;
    throw invalidRequest(`Invalid parameters for ${deployment}: ${detail}.`);
  }
  return withDefaults(schema, params);
}

/** The images of a batch: 1 to MAX_BATCH_IMAGES items, each `{image}` or `{image_url}`. */
function readBatch(value: unknown): BatchImage[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_BATCH_IMAGES) {
    throw invalidRequest(
      `Invalid images: expected a list of 1 to ${MAX_BATCH_IMAGES} items, each {"image": …} or {"image_url": …}.`,
    );
  }
  return value.map((item: unknown, index) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      throw invalidRequest(`Invalid images[${index}]: expected {"image": …} or {"image_url": …}.`);
    }
    const { image, image_url: url, ...other } = item as Record<string, unknown>;
    const extra = Object.keys(other)[0];
    if (extra !== undefined) {
      throw invalidRequest(
        `Invalid images[${index}]: unknown field "${extra.slice(0, 64)}" (parameters go beside "images", for every image).`,
      );
    }
    if ((image === undefined) === (url === undefined)) {
      throw invalidRequest(
        `Invalid images[${index}]: give exactly one of "image" and "image_url".`,
      );
    }
    if (image !== undefined) {
      if (typeof image !== 'string' || image === '') {
        throw invalidRequest(
          `Invalid images[${index}].image: expected base64 or a data URL string.`,
        );
      }
      const bytes = decodeBase64Image(image);
      if (bytes.length === 0) throw invalidRequest(`Invalid images[${index}].image: empty.`);
      return { image: bytes, imageUrl: null };
    }
    if (typeof url !== 'string' || url.trim() === '' || url.length > MAX_IMAGE_URL_LENGTH) {
      throw invalidRequest(
        `Invalid images[${index}].image_url: expected an http(s) URL of at most ${MAX_IMAGE_URL_LENGTH} characters.`,
      );
    }
    return { image: null, imageUrl: url.trim() };
  });
}

/** The image bytes and raw parameters of the call, whatever the body format. */
export async function readImageCall(
  request: FastifyRequest,
  paramsSchema: TSchema,
): Promise<ImageCall> {
  let image: Buffer | null;
  let imageUrl: unknown = undefined;
  let params: Record<string, unknown>;
  if (request.isMultipart()) {
    const multipart = await readMultipart(request);
    image = multipart.image;
    const { image_url: url, ...fields } = multipart.fields;
    imageUrl = url;
    params = coerceFields(paramsSchema, fields);
  } else {
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      throw invalidRequest(
        'Send multipart/form-data with an "image" file, or JSON with an "image" field.',
      );
    }
    const { image: encoded, image_url: url, images, ...rest } = body as Record<string, unknown>;
    if (images !== undefined) {
      if (encoded !== undefined || url !== undefined) {
        throw invalidRequest('Send "images" alone, or one "image" or "image_url", not both.');
      }
      return { image: null, imageUrl: null, batch: readBatch(images), params: rest };
    }
    if (encoded !== undefined && typeof encoded !== 'string') {
      throw invalidRequest('Invalid image: expected base64 or a data URL string.');
    }
    if (encoded !== undefined && url !== undefined) {
      throw invalidRequest('Send either "image" or "image_url", not both.');
    }
    image = encoded ? decodeBase64Image(encoded) : null;
    imageUrl = url;
    params = rest;
  }
  if (imageUrl !== undefined) {
    if (image) throw invalidRequest('Send either "image" or "image_url", not both.');
    if (typeof imageUrl !== 'string' || imageUrl.trim() === '') {
      throw invalidRequest('Invalid image_url: expected an http(s) URL string.');
    }
    if (imageUrl.length > MAX_IMAGE_URL_LENGTH) {
      throw invalidRequest(`Invalid image_url: longer than ${MAX_IMAGE_URL_LENGTH} characters.`);
    }
    return { image: null, imageUrl: imageUrl.trim(), params };
  }
  if (!image || image.length === 0) {
    throw invalidRequest(
      'The image is missing: send it in the "image" field, or its URL in "image_url".',
    );
  }
  if (image.length > MAX_IMAGE_BYTES) throw new ApiError('payload_too_large', TOO_LARGE);
  // Trust the bytes, not the declared type.
  if (!sniffImageType(image)) throw new ApiError('unsupported_media_type', UNSUPPORTED);
  return { image, imageUrl: null, params };
}
