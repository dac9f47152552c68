/**
 * The Kraken simulator keeps Kraken's rules the adapter relies on: data needs a Kraken Token
 * (KT-CT-1112 without one), a refresh token is used once, `first` is at most 100, balances are
 * integer cents (negative owed), and faults are set over HTTP as well as from code.
 */
import { loadOperations, type OperationName } from '../../kraken-queries';
import { startKrakenSimulator, type KrakenSimulator } from '../../simulator/simulator';

const query = (name: OperationName) => loadOperations()[name];
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('the Kraken simulator', () => {
  let sim: KrakenSimulator;
  beforeAll(async () => {
    sim = await startKrakenSimulator();
  });
  afterAll(() => sim.close());

  const post = async (body: object, authorization?: string, url = sim.url) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const obtain = (input: Json) =>
    post({ query: query('ObtainKrakenToken'), variables: { input } }).then(
      (r) => r.body.data?.obtainKrakenToken as Json | null,
    );
  const codes = (body: Json) =>
    (body.errors as Json[]).map((e) => e.extensions.errorCode as string);

  it('when data is asked without a token, then Kraken’s KT-CT-1112 comes back with HTTP 200', async () => {
    const res = await post({
      query: query('AccountUserDetail'),
      variables: { accountUserId: '301' },
    });
    expect(res.status).toBe(200);
    expect(codes(res.body)).toEqual(['KT-CT-1112']);
  });

  it('when a refresh token is used twice, then the second use is refused with KT-CT-1135', async () => {
    const first = await obtain({ organizationSecretKey: sim.apiKey });
    expect(first?.payload.exp).toBeGreaterThan(Date.now() / 1000);
    const refreshed = await obtain({ refreshToken: first!.refreshToken as string });
    expect(typeof refreshed?.token).toBe('string');
    const again = await post({
      query: query('ObtainKrakenToken'),
      variables: { input: { refreshToken: first!.refreshToken as string } },
    });
    expect(codes(again.body)).toEqual(['KT-CT-1135']);
  });

  it('when an account user is looked up by email, then the user comes back with their account roles; an unknown email is KT-CT-5421', async () => {
    const { token } = (await obtain({ organizationSecretKey: sim.apiKey }))!;
    const byEmail = (email: string) =>
      post({ query: query('AccountUserByEmail'), variables: { email } }, token as string);
    const [cafe] = sim.data.users[2]!.accountNumbers;
    const sam = await byEmail('Sam.Taylor@example.org');
    expect(sam.body).toEqual({
      data: {
        accountUser: {
          id: '304',
          givenName: 'Sam',
          familyName: 'Taylor',
          mobile: '0491 570 159',
          accountUserRoles: [{ role: 'BUSINESS_COMMS', account: { number: cafe } }],
        },
      },
    });
    expect(codes((await byEmail('nobody@example.org')).body)).toEqual(['KT-CT-5421']);
    const both = await post(
      {
        query:
          'query { accountUser(input: { accountUserId: "301", accountUserEmail: "x" }) { id } }',
      },
      token as string,
    );
    expect(codes(both.body)).toEqual(['KT-CT-1605']);
  });

  it('when the users of an account are asked, then holders have portfolio roles and contacts none', async () => {
    const { token } = (await obtain({ organizationSecretKey: sim.apiKey }))!;
    const [cafe] = sim.data.users[2]!.accountNumbers;
    const res = await post(
      { query: query('AccountHolders'), variables: { accountNumber: cafe } },
      token as string,
    );
    expect(res.body).toEqual({
      data: {
        getUsersForAccounts: [
          {
            id: '303',
            givenName: 'Alex',
            familyName: 'Nguyen',
            portfolioUserRoles: [{ role: 'ADMIN' }],
          },
          { id: '304', givenName: 'Sam', familyName: 'Taylor', portfolioUserRoles: [] },
        ],
      },
    });
    const none = await post(
      { query: query('AccountHolders'), variables: { accountNumber: 'A-00000000' } },
      token as string,
    );
    expect(none.body).toEqual({ data: { getUsersForAccounts: [] } });
  });

  it('when the accounts are read with their supply, then each carries its balance in cents: customer 1 owes (negative), customer 3 is in credit', async () => {
    const { token } = (await obtain({ organizationSecretKey: sim.apiKey }))!;
    const balances = async (accountUserId: string) => {
      const res = await post(
        { query: query('AccountUserSupply'), variables: { accountUserId } },
        token as string,
      );
      return (res.body.data.accountUser.accounts as Json[]).map((a) => [a.number, a.balance]);
    };
    const owing = await balances('301');
    const inCredit = await balances('303');
    expect([...owing, ...inCredit]).toEqual(
      [...sim.data.users[0]!.accountNumbers, ...sim.data.users[2]!.accountNumbers].map((n) => [
        n,
        sim.data.accounts[n]!.balance,
      ]),
    );
    expect(owing.filter(([, cents]) => cents < 0)).toHaveLength(2);
    expect(inCredit).toEqual([[sim.data.users[2]!.accountNumbers[0], 8050]]);
  });

  it('when a page of 101 is asked, then the simulator refuses it as Kraken does', async () => {
    const { token } = (await obtain({ organizationSecretKey: sim.apiKey }))!;
    const [home] = sim.data.users[0]!.accountNumbers;
    const page = (first: number) =>
      post(
        {
          query: query('AccountBills'),
          variables: {
            accountNumber: home,
            issuedFrom: '2000-01-01',
            issuedTo: '2099-12-31',
            first,
          },
        },
        token as string,
      );
    expect((await page(100)).body.data.account.bills.edges.length).toBeGreaterThan(0);
    const refused = await page(101);
    expect(refused.body.errors[0].message).toBe('first must be between 0 and 100');
  });

  it('when a fault is set over HTTP, then it applies until set back, and an unknown one is 400', async () => {
    const admin = sim.url.replace(/\/v1\/graphql\/$/, '/__sim/fault');
    expect((await post({ fault: 'error500' }, undefined, admin)).status).toBe(200);
    expect((await post({ query: query('AccountUserDetail') })).status).toBe(500);
    expect((await post({ fault: 'melt' }, undefined, admin)).status).toBe(400);
    expect((await post({ fault: 'none' }, undefined, admin)).status).toBe(200);
    expect((await post({ query: query('AccountUserDetail') })).status).toBe(200);
  });
});
