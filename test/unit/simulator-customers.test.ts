/**
 * The Fineract and Kraken simulators line up (adapters/kraken/simulator/dataset.ts): a customer id
 * names one person in both, with the same name and, where both hold one, the same email address,
 * or it is absent from one of them. `npm run multi-core` serves both behind one gateway, where a
 * customer id that meant two people would give one person's identity for the other's search. So
 * do the Temenos and Kraken simulators under `npm run multi-core -- --bank temenos`, whose
 * `KRAKEN_CUSTOMERS` names Kraken's account users by Transact customer id.
 */
import { loadFineractDataset } from '../../adapters/fineract/simulator/dataset';
import { generateKrakenDataset } from '../../adapters/kraken/simulator/dataset';
import { loadTemenosDataset } from '../../adapters/temenos/simulator/dataset';
import { krakenCustomersOfTemenos } from '../../scripts/simulator-settings';

interface Person {
  name: string;
  email?: string;
}

/** Fineract's customers by id: every client, a person by first and last name, a business by its. */
function fineractCustomers(): Map<string, Person> {
  const clients = loadFineractDataset().clients as {
    id: number;
    firstname?: string;
    lastname?: string;
    fullname?: string;
    emailAddress?: string;
  }[];
  return new Map(
    clients.map((c) => [
      String(c.id),
      {
        name: c.fullname ?? `${c.firstname!} ${c.lastname!}`,
        ...(c.emailAddress ? { email: c.emailAddress.toLowerCase() } : {}),
      },
    ]),
  );
}

/** Kraken's customers by id: the account users `KRAKEN_CUSTOMERS` maps them to. */
function krakenCustomers(): Map<string, Person> {
  const data = generateKrakenDataset();
  return new Map(
    Object.entries(data.customers).map(([id, userId]) => {
      const user = data.users.find((u) => u.id === userId)!;
      return [
        id,
        { name: `${user.givenName} ${user.familyName}`, email: user.email.toLowerCase() },
      ];
    }),
  );
}

describe('the customers of the Fineract and Kraken simulators', () => {
  const fineract = fineractCustomers();
  const kraken = krakenCustomers();
  const shared = [...fineract.keys()].filter((id) => kraken.has(id));

  it('when both hold a customer id, then it is one person: the same name, and the same email where both hold one', () => {
    expect(shared).toEqual(['1', '2', '3']);
    for (const id of shared) {
      const [inFineract, inKraken] = [fineract.get(id)!, kraken.get(id)!];
      expect({ id, name: inFineract.name, email: inFineract.email ?? inKraken.email }).toEqual({
        id,
        name: inKraken.name,
        email: inKraken.email,
      });
    }
  });

  it('when only one simulator holds a customer id, then it is that one’s refusal or business customer', () => {
    const only = (mine: Map<string, Person>, theirs: Map<string, Person>) =>
      [...mine].filter(([id]) => !theirs.has(id)).map(([id, p]) => [id, p.name]);
    expect(only(fineract, kraken)).toEqual([
      ['4', 'Pat Example'],
      ['5', 'Harbour Bakery Pty Ltd'],
    ]);
    expect(only(kraken, fineract)).toEqual([
      ['6', 'Kim Example'],
      ['7', 'Robin Example'],
    ]);
  });
});

describe('the customers of the Temenos and Kraken simulators', () => {
  it('when both hold a customer id, then it is one person, Jane Citizen, with the same name and email address', () => {
    const temenos = loadTemenosDataset();
    const kraken = generateKrakenDataset();
    const lined = krakenCustomersOfTemenos(temenos, kraken);
    expect(lined).toEqual({ '100500': '301' });
    const user = kraken.users.find((u) => u.id === '301')!;
    const customer = temenos.customers.find((c) => c.customerId === '100500')!;
    expect({ name: customer.name, email: customer.emails[0] }).toEqual({
      name: `${user.givenName} ${user.familyName}`,
      email: user.email,
    });
  });
});
