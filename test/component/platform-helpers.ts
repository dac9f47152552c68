/**
 * Helpers of the platform tests: a temporary registry and key folder per gateway, clients made
 * straight in the registry the gateway reads, and the three token request forms.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  FileClientStore,
  PLATFORM_SCOPES,
  PlatformClientRegistry,
  type PlatformScope,
  SCOPE_PRODUCTS_READ,
  SCOPE_PRODUCTS_WRITE,
} from '../../src/auth/platform-clients';
import type { TestGateway, TestResponse } from '../helpers/gateway';

export const READ = SCOPE_PRODUCTS_READ;
export const WRITE = SCOPE_PRODUCTS_WRITE;
export const BOTH: readonly PlatformScope[] = PLATFORM_SCOPES;
export const REDIS_URL = process.env.REDIS_URL_TEST ?? 'redis://127.0.0.1:6379';

/** A unique suffix for ids and keys of one test run. */
export const runId = () => `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;

export interface PlatformDir {
  dir: string;
  clientsFile: string;
  /** Environment of a gateway using this folder for its registry and keys. */
  env: Record<string, string>;
  registry: PlatformClientRegistry;
  remove(): void;
}

/** A temporary folder holding a client registry file and the gateway's generated keys. */
export function platformDir(): PlatformDir {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-platform-'));
  const clientsFile = path.join(dir, 'platform-clients.json');
  return {
    dir,
    clientsFile,
    env: { PLATFORM_CLIENTS_FILE: clientsFile, DEV_KEYS_DIR: path.join(dir, 'keys') },
    registry: new PlatformClientRegistry(new FileClientStore(clientsFile)),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * An scrypt hash as versions before HMAC-SHA-256 stored it (`scrypt$N$r$p$salt$key`, their N =
 * 2^14, r = 8, p = 1, a 16-byte salt); a smaller N keeps a test quick.
 */
export function scryptHash(secret: string, N = 2 ** 14): string {
  const salt = crypto.randomBytes(16);
  const key = crypto.scryptSync(secret, salt, 32, { N, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', N, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export type TokenForm = 'json' | 'form' | 'basic';

const basicHeader = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/** `POST /v1/token` in one of its three forms. */
export function requestToken(
  gw: TestGateway,
  form: TokenForm,
  clientId: string,
  clientSecret: string,
): Promise<TestResponse> {
  switch (form) {
    case 'json':
      return gw.request('POST', '/v1/token', {
        headers: { authorization: '' },
        body: { client_id: clientId, client_secret: clientSecret },
      });
    case 'form':
      return gw.request('POST', '/v1/token', {
        headers: { authorization: '', 'content-type': 'application/x-www-form-urlencoded' },
        rawBody: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: clientId,
          client_secret: clientSecret,
        }).toString(),
      });
    case 'basic':
      return gw.request('POST', '/v1/token', {
        headers: {
          authorization: basicHeader(clientId, clientSecret),
          'content-type': 'application/x-www-form-urlencoded',
        },
        rawBody: 'grant_type=client_credentials',
      });
  }
}

/** A token for a client, through the JSON form; fails the test when none is issued. */
export async function tokenFor(gw: TestGateway, clientId: string, secret: string): Promise<string> {
  const res = await requestToken(gw, 'json', clientId, secret);
  if (res.status !== 200) throw new Error(`token request answered ${res.status} ${res.text}`);
  return res.body.token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export { basicHeader };
