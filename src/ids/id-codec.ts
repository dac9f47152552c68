/**
 * The gateway's own ids: a core's reference to a record (the core instance and the core's id)
 * encrypted with AES-GCM-SIV (RFC 8452, @noble/ciphers) under the deployment's id key, with a
 * fixed nonce. GCM-SIV stays safe when a nonce repeats: a repeat reveals only that the same
 * reference was encrypted twice, which is what a permanent id must do. So the same record gets
 * the same id on every worker, replica and restart, and its 16-byte tag makes an altered or
 * forged id fail authentication.
 *
 * The associated data binds an id to its kind and, for account-level records, to the customer it
 * was given to: a joint account has another id under each holder, and one customer's id used
 * under another does not decode. Customer ids are global (no customer in the associated data).
 */
import { gcmsiv } from '@noble/ciphers/aes';

/** The kinds of record the gateway gives ids to. */
export const ID_KINDS = [
  'customer',
  'account',
  'payee',
  'scheduled-payment',
  'plan',
  'transaction',
  'statement',
  'service-point',
  'cursor',
] as const;
export type IdKind = (typeof ID_KINDS)[number];

/** A record as its core names it: the core instance and the core's own id. */
export interface CoreRef {
  readonly instance: string;
  readonly id: string;
}

/** Why an id did not decode (counted, never returned to the caller). */
export type IdRejection = 'malformed' | 'unauthentic';

/** The longest id the gateway hands out: the FDX limit on ids. */
export const MAX_EXTERNAL_ID_LENGTH = 256;
/** Every id the gateway hands out matches this: URL-safe base64 without padding. */
export const EXTERNAL_ID_PATTERN = /^[A-Za-z0-9_-]{22,256}$/;

const TAG_BYTES = 16;
/** A reference of more bytes would give an id over {@link MAX_EXTERNAL_ID_LENGTH}. */
const MAX_REF_BYTES = Math.floor((MAX_EXTERNAL_ID_LENGTH * 3) / 4) - TAG_BYTES;
/** Fixed: determinism is the point (see above). */
const NONCE = new Uint8Array(12);
const SEPARATOR = '\u0000';
/** Versions the associated data, so that a later scheme never decodes an id of this one. */
const SCHEME = 'dhg-id-1';

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder('utf-8', { fatal: true });

/** A reference no core could name: an empty part, or a separator inside the instance. */
export class UnencodableRefError extends Error {
  constructor(reason: string) {
    super(`core reference cannot be encoded as an id: ${reason}`);
    this.name = 'UnencodableRefError';
  }
}

export class IdCodec {
  readonly #key: Uint8Array;

  /** @param key the id key: 32 bytes (AES-256) */
  constructor(key: Uint8Array) {
    if (key.length !== 32) throw new Error(`the id key is ${key.length} bytes, not 32`);
    this.#key = Uint8Array.from(key);
  }

  /** The id of `ref` as a record of `kind`, bound to `customer` (an external customer id) if given. */
  encode(kind: IdKind, ref: CoreRef, customer?: string): string {
    if (ref.instance === '' || ref.id === '') throw new UnencodableRefError('an empty part');
    if (ref.instance.includes(SEPARATOR)) throw new UnencodableRefError('NUL in the instance id');
    const plain = utf8.encode(`${ref.instance}${SEPARATOR}${ref.id}`);
    if (plain.length > MAX_REF_BYTES) {
      throw new UnencodableRefError(`longer than ${MAX_REF_BYTES} bytes`);
    }
    const sealed = gcmsiv(this.#key, NONCE, this.#associated(kind, customer)).encrypt(plain);
    return Buffer.from(sealed).toString('base64url');
  }

  /**
   * The reference an id of `kind` (given to `customer`, for account-level kinds) names, or why
   * it names none: not an id's shape, or not made by this key for this kind and customer.
   */
  decode(kind: IdKind, external: string, customer?: string): CoreRef | IdRejection {
    if (!EXTERNAL_ID_PATTERN.test(external)) return 'malformed';
    const sealed = Buffer.from(external, 'base64url');
    // base64url decoding ignores a last character's spare bits: an id must round-trip exactly.
    if (sealed.length <= TAG_BYTES || sealed.toString('base64url') !== external) return 'malformed';
    let plain: Uint8Array;
    try {
      plain = gcmsiv(this.#key, NONCE, this.#associated(kind, customer)).decrypt(sealed);
    } catch {
      return 'unauthentic';
    }
    const text = fromUtf8.decode(plain);
    const cut = text.indexOf(SEPARATOR);
    return { instance: text.slice(0, cut), id: text.slice(cut + 1) };
  }

  #associated(kind: IdKind, customer: string | undefined): Uint8Array {
    return utf8.encode([SCHEME, kind, customer ?? ''].join(SEPARATOR));
  }
}
