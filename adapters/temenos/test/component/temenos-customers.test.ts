/**
 * The common endpoints through the real gateway on the Temenos simulator: the customer detail of
 * people and of the business (an organisation: its name, no first name or title), and the
 * consent flow's customer search (the owners of an address, then the customers they sign for)
 * and identity. Expected values come from the simulator's data set (temenos-expected.ts).
 */
import { startTemenosSimulator, type TemenosSimulator } from '../../simulator/simulator';
import type { TestGateway } from '../../../../test/helpers/gateway';
import {
  BAKERY,
  CHARLOTTE,
  customerOf,
  expectError,
  expectValid,
  LIAM,
  PRIYA,
  since,
  startTemenosGateway,
} from './temenos-expected';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The E.164 form of a data set number (national, without its leading zero). */
const e164 = (number: string) => `+61${number}`;

describe('the gateway on the Temenos adapter: customers', () => {
  let sim: TemenosSimulator;
  let gw: TestGateway;
  beforeAll(async () => {
    sim = await startTemenosSimulator({ port: 0 });
    gw = await startTemenosGateway(sim);
  });
  afterAll(async () => {
    await gw.close();
    await sim.close();
  });

  const valid = (op: string, res: Parameters<typeof expectValid>[2]) => expectValid(gw, op, res);
  const detailOf = async (id: string) => {
    const res = await gw.get(`/v1/common/customer/${id}/detail`);
    valid('getCustomerDetail', res);
    return res.body.data as Rec;
  };
  const search = async (email: string) => {
    const res = await gw.post('/auth/v1/customer/search', { email });
    valid('searchCustomers', res);
    return res.body.data as Rec[];
  };

  describe('row 12, customer detail', () => {
    it.each([CHARLOTTE, LIAM, PRIYA])(
      'when person %s is asked, then the detail names them with their numbers, emails and address',
      async (id) => {
        const c = customerOf(id);
        const data = await detailOf(id);
        expect(data.customerUType).toBe('person');
        expect(data.person).toEqual(
          expect.objectContaining({
            firstName: c.givenName,
            lastName: c.lastName,
            middleNames: [],
            lastUpdateTime: `${c.since}T00:00:00Z`,
          }),
        );
        expect((data.person.emailAddresses as Rec[]).map((e) => e.address)).toEqual(c.emails);
        expect((data.person.phoneNumbers as Rec[]).map((p) => p.fullNumber)).toEqual(
          c.phones.map((p) => e164(p.number)),
        );
        expect(data.person.physicalAddresses[0].simple).toEqual(
          expect.objectContaining({
            addressLine1: c.address.street,
            city: c.address.city,
            state: c.address.state,
            postcode: c.address.postCode,
            country: 'AUS',
          }),
        );
      },
    );

    it('when the business is asked, then it is an organisation: its name, no first name or title, its office number', async () => {
      const bakery = customerOf(BAKERY);
      const data = await detailOf(BAKERY);
      expect(data).toEqual({
        customerUType: 'person',
        person: {
          lastUpdateTime: `${bakery.since}T00:00:00Z`,
          lastName: 'Wattle Creek Bakery Pty Ltd',
          middleNames: [],
          phoneNumbers: [
            { isPreferred: true, purpose: 'WORK', number: '298765432', fullNumber: '+61298765432' },
          ],
          emailAddresses: [
            { isPreferred: true, purpose: 'UNSPECIFIED', address: bakery.emails[0] },
          ],
          physicalAddresses: [
            {
              addressUType: 'simple',
              simple: {
                addressLine1: '88 King Street',
                city: 'Newtown',
                state: 'NSW',
                postcode: '2042',
                country: 'AUS',
              },
              purpose: 'PHYSICAL',
            },
          ],
        },
      });
    });

    it('when a customer Transact does not know is asked, then it is 404 Customer not found', async () => {
      const mark = sim.requests.length;
      expectError(await gw.get('/v1/common/customer/999999/detail'), 404, 'Customer not found');
      expect(since(sim, mark).map((r) => r.path)).toEqual(['/api/v4.0.0/party/customers/999999']);
    });
  });

  describe('the consent flow: customer search and identity', () => {
    it("when Priya's address is searched, then she comes first, then the business she signs for, with her mobile", async () => {
      const priya = customerOf(PRIYA);
      expect(await search(priya.emails[0]!)).toEqual([
        { id: PRIYA, name: 'Priya Sharma', phoneNumber: e164(priya.phones[0]!.number) },
        {
          id: BAKERY,
          name: 'Wattle Creek Bakery Pty Ltd',
          phoneNumber: e164(priya.phones[0]!.number),
        },
      ]);
    });

    it("when Charlotte's second address is searched in another case, then she alone is found", async () => {
      const [, work] = customerOf(CHARLOTTE).emails;
      expect((await search(work!.toUpperCase())).map((c) => c.id)).toEqual([CHARLOTTE]);
    });

    it('when an address nobody holds is searched, then the list is empty', async () => {
      expect(await search('nobody@example.com')).toEqual([]);
    });

    it('when a person is identified, then the claims are their names, email, mobile and address, unverified', async () => {
      const c = customerOf(CHARLOTTE);
      const res = await gw.get(`/auth/v1/customer/${CHARLOTTE}`);
      valid('getCustomerIdentity', res);
      expect(res.body).toEqual({
        id: CHARLOTTE,
        email: c.emails[0],
        emailVerified: false,
        givenName: 'Charlotte',
        familyName: 'Wilson',
        name: 'Charlotte Wilson',
        phoneNumber: e164(c.phones[0]!.number),
        phoneNumberVerified: false,
        updatedAt: `${c.since}T00:00:00Z`,
        address: {
          streetAddress: `${c.address.street}\n${c.address.line2!}`,
          locality: c.address.city,
          region: c.address.state,
          postalCode: c.address.postCode,
          country: 'AUS',
        },
      });
    });

    it('when the business is identified, then it names the organisation without a given or family name', async () => {
      const res = await gw.get(`/auth/v1/customer/${BAKERY}`);
      valid('getCustomerIdentity', res);
      expect(res.body).toMatchObject({
        id: BAKERY,
        name: 'Wattle Creek Bakery Pty Ltd',
        email: customerOf(BAKERY).emails[0],
      });
      expect(res.body).not.toHaveProperty('givenName');
      expect(res.body).not.toHaveProperty('familyName');
    });

    it('when a customer Transact does not know is identified, then it is 404', async () => {
      expectError(await gw.get('/auth/v1/customer/999999'), 404, 'Customer not found');
    });
  });
});
