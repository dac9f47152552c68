/**
 * The demo core's consent-flow data (docs/demo-core.md, "Consent flow"): every customer of the
 * bundled sample has an identity that validates, a person is both an individual customer and the
 * authorised contact of a business customer, and the customer port's search and identity read
 * them as documented.
 */
import path from 'node:path';
import {
  CustomerNotFoundError,
  SharingRefusedError,
  type CallContext,
} from '@data-holder-gateway/adapter-sdk';
import { createContractsAjv, refOf } from '../../../../contracts';
import { createDemoAdapter, loadDemoData, validateDemoData } from '../..';
import type { DemoData } from '../../demo-data';

const SAMPLE_FILE = path.join(__dirname, '..', '..', 'data', 'sample.json');
const sample = loadDemoData(SAMPLE_FILE);
const port = createDemoAdapter(sample).customer;
const ctx: CallContext = { signal: new AbortController().signal, requestId: 'demo-consent' };
const ajv = createContractsAjv();
const validIdentity = ajv.getSchema(refOf('customer-identity'))!;
const validResult = ajv.getSchema(refOf('customer-search-result'))!;

const copy = (): DemoData => JSON.parse(JSON.stringify(sample)) as DemoData;

describe('the consent-flow records of the demo sample', () => {
  it('when each customer is looked at, then each has an identity and the business one a contact', () => {
    expect(sample.customers.map((c) => [c.customerId, c.identity?.email])).toEqual([
      ['c-1001', 'jane.citizen@example.com'],
      ['c-1002', 'john.citizen@example.net'],
      ['c-1003', 'sam.placeholder@example.com'],
      // The customers of the refusals to share: a platform reaches them through the consent flow.
      ['c-2001', 'pat.example@example.org'],
      ['c-2002', 'alex.sample@example.org'],
      ['c-3001', 'accounts@consulting.example.com'],
    ]);
    const business = sample.customers.find((c) => c.customerId === 'c-3001')!;
    expect(business.authorisedContacts).toEqual([
      { email: 'jane.citizen@example.com', phoneNumber: '+61491570006' },
    ]);
    expect(business.bankingAccounts!.map((a) => a.complexAccountType)).toEqual(['ORGANIZATION']);
  });

  it('when an identity is not an identity, then the file is refused naming its path', () => {
    const data = copy();
    data.customers[1]!.identity!.phoneNumber = '0491 570 156';
    expect(validateDemoData(data)).toEqual([
      '/customers/1/identity/phoneNumber: must match pattern "^\\+[1-9][0-9]{1,14}$"',
    ]);
  });

  it('when an authorised contact has no address, then the file is refused', () => {
    const data = copy() as unknown as { customers: { authorisedContacts?: object[] }[] };
    data.customers[5]!.authorisedContacts = [{ phoneNumber: '+61491570006' }];
    expect(validateDemoData(data)).toEqual([
      "/customers/5/authorisedContacts/0: must have required property 'email'",
    ]);
  });
});

describe('the demo customer port in the consent flow', () => {
  it("when Jane's address is searched, then she and the business she acts for come back, with her phone", async () => {
    const found = await port.searchCustomersByEmail!('jane.citizen@example.com', ctx);
    expect(found).toEqual([
      { id: 'c-1001', name: 'Jane Citizen', phoneNumber: '+61491570006' },
      { id: 'c-3001', name: 'Example Consulting Pty Ltd', phoneNumber: '+61491570006' },
    ]);
    for (const r of found) expect(validResult(r)).toBe(true);
  });

  it('when an address is given in capitals with spaces around it, then it finds the same customers', async () => {
    expect(await port.searchCustomersByEmail!('  John.Citizen@EXAMPLE.net ', ctx)).toEqual([
      { id: 'c-1002', name: 'John Citizen', phoneNumber: '+61491570156' },
    ]);
  });

  it("when the business's own address is searched, then only the business comes back, with its phone", async () => {
    expect(await port.searchCustomersByEmail!('accounts@consulting.example.com', ctx)).toEqual([
      { id: 'c-3001', name: 'Example Consulting Pty Ltd', phoneNumber: '+61491570110' },
    ]);
  });

  it('when the address of a customer of the refusals to share is searched, then that customer comes back', async () => {
    expect(await port.searchCustomersByEmail!('pat.example@example.org', ctx)).toEqual([
      { id: 'c-2001', name: 'Pat Example', phoneNumber: '+61491570159' },
    ]);
    expect(await port.searchCustomersByEmail!('alex.sample@example.org', ctx)).toEqual([
      { id: 'c-2002', name: 'Alex Sample', phoneNumber: '+61491570110' },
    ]);
  });

  it('when no customer has the address, then the search is empty', async () => {
    expect(await port.searchCustomersByEmail!('nobody@example.com', ctx)).toEqual([]);
  });

  it('when identities are asked for, then each validates and the business names the organisation', async () => {
    for (const id of ['c-1001', 'c-1002', 'c-1003', 'c-2001', 'c-3001']) {
      const identity = await port.getCustomerIdentity!(id, ctx);
      expect({ id, valid: validIdentity(identity), errors: validIdentity.errors }).toEqual({
        id,
        valid: true,
        errors: null,
      });
    }
    const business = await port.getCustomerIdentity!('c-3001', ctx);
    expect(business).toEqual({
      id: 'c-3001',
      email: 'accounts@consulting.example.com',
      emailVerified: true,
      name: 'Example Consulting Pty Ltd',
      phoneNumber: '+61491570110',
      phoneNumberVerified: true,
      updatedAt: '2026-08-14T01:30:00Z',
      address: {
        streetAddress: 'Level 3, 10 Example Place',
        locality: 'Exampleton',
        region: 'NSW',
        postalCode: '2999',
        country: 'AUS',
      },
    });
  });

  it('when the identity of the customer flagged for harm is asked for, then sharing is refused (harm)', async () => {
    const refused = await port.getCustomerIdentity!('c-2002', ctx).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SharingRefusedError);
    expect((refused as SharingRefusedError).reason).toBe('harm');
  });

  it('when the customer is unknown or has no identity in the file, then CustomerNotFoundError', async () => {
    await expect(port.getCustomerIdentity!('c-9999', ctx)).rejects.toBeInstanceOf(
      CustomerNotFoundError,
    );
    const data = copy();
    delete data.customers[0]!.identity;
    const without = createDemoAdapter(data).customer;
    await expect(without.getCustomerIdentity!('c-1001', ctx)).rejects.toBeInstanceOf(
      CustomerNotFoundError,
    );
    expect(await without.searchCustomersByEmail!('jane.citizen@example.com', ctx)).toEqual([
      { id: 'c-3001', name: 'Example Consulting Pty Ltd', phoneNumber: '+61491570006' },
    ]);
  });
});
