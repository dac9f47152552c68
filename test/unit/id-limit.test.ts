/**
 * One id limit everywhere: `Id` in contracts/requests.json declares it, the path check and the
 * specific-accounts body use it, FDX's own check has the same number, and the OpenAPI document
 * shows it on every path parameter.
 */
import path from 'node:path';
import pino from 'pino';
import { createDemoAdapter, loadDemoData } from '../../adapters/demo';
import requests from '../../contracts/requests.json';
import { MAX_ID_LENGTH, pathParamNames, tooLongId } from '../../src/api/ids';
import { PagingTokens } from '../../src/api/paging-token';
import { configFrom } from '../../src/config/config';
import { FDX_MAX_ID_LENGTH } from '../../src/endpoints/fdx/fdx.service';
import { buildRoutes } from '../../src/endpoints/families';
import { buildOpenApi } from '../../src/http/openapi';
import { redisKeysOf } from '../../src/stores/redis-keys';

const SAMPLE = path.join(__dirname, '..', '..', 'adapters', 'demo', 'data', 'sample.json');

type Operation = { parameters: { name: string; in: string; schema: unknown }[] };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { maxLength?: number; minLength?: number }> };
};

describe('the id limit', () => {
  it('when the limit is read, then it is the 256 of contracts/requests.json and of FDX', () => {
    expect(MAX_ID_LENGTH).toBe(256);
    expect(requests.$defs.Id.maxLength).toBe(MAX_ID_LENGTH);
    expect(FDX_MAX_ID_LENGTH).toBe(MAX_ID_LENGTH);
  });

  it('when a template is read, then its parameters come in path order', () => {
    expect(pathParamNames('/v1/banking/customer/{customerId}/accounts/{accountId}')).toEqual([
      'customerId',
      'accountId',
    ]);
    expect(pathParamNames('/v1/token')).toEqual([]);
  });

  it('when one value is over the limit, then it is the one named; at the limit none is', () => {
    const names = ['customerId', 'accountId'];
    const at = 'x'.repeat(MAX_ID_LENGTH);
    expect(tooLongId({ customerId: at, accountId: at }, names)).toBeUndefined();
    expect(tooLongId({ customerId: at, accountId: `${at}x` }, names)).toBe('accountId');
  });

  it('when the OpenAPI document is built, then every path parameter of every route is an id of at most the limit', async () => {
    const config = configFrom({ LOG_LEVEL: 'silent' });
    const routes = await buildRoutes({
      adapter: createDemoAdapter(loadDemoData(SAMPLE)),
      config,
      logger: pino({ level: 'silent' }),
      now: Date.now,
      redisKeys: redisKeysOf(config),
      paging: new PagingTokens(config.pagingSecret),
      onClose: () => undefined,
    });
    const doc = buildOpenApi(routes, 'test') as Document;
    const pathParams = Object.values(doc.paths)
      .flatMap((methods) => Object.values(methods))
      .flatMap((op) => op.parameters.filter((p) => p.in === 'path'));
    expect(pathParams.length).toBeGreaterThan(40);
    for (const param of pathParams) {
      expect(param).toEqual({
        name: param.name,
        in: 'path',
        required: true,
        description: expect.any(String),
        schema: { $ref: '#/components/schemas/requests.Id' },
      });
    }
    expect(doc.components.schemas['requests.Id']).toMatchObject({
      minLength: 1,
      maxLength: MAX_ID_LENGTH,
    });
  });
});
