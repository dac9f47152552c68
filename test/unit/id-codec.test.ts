/** The gateway's own ids (src/ids/id-codec.ts): deterministic, authenticated, bound, opaque. */
import crypto from 'node:crypto';
import {
  EXTERNAL_ID_PATTERN,
  ID_KINDS,
  IdCodec,
  MAX_EXTERNAL_ID_LENGTH,
  UnencodableRefError,
} from '../../src/ids/id-codec';

const KEY = crypto.randomBytes(32);
const codec = new IdCodec(KEY);
const SAV = { instance: 'bank', id: 'sav-12' };

describe('ids made by the id codec', () => {
  it('when two codecs hold one key (two workers, replicas or restarts), then every kind gets identical ids that decode to the reference', () => {
    const other = new IdCodec(Buffer.from(KEY));
    for (const kind of ID_KINDS) {
      const id = codec.encode(kind, SAV, 'C1');
      expect(other.encode(kind, SAV, 'C1')).toBe(id);
      expect(other.decode(kind, id, 'C1')).toEqual(SAV);
    }
  });

  it('when an account id given to one holder is used under another, then it is unknown; a customer id is global', () => {
    const forJane = codec.encode('account', SAV, 'jane');
    expect(codec.encode('account', SAV, 'john')).not.toBe(forJane);
    expect(codec.decode('account', forJane, 'john')).toBe('unauthentic');
    const customer = codec.encode('customer', { instance: 'bank', id: '17' });
    expect(codec.decode('customer', customer)).toEqual({ instance: 'bank', id: '17' });
  });

  it('when any character of an id is altered, then it does not decode', () => {
    const id = codec.encode('account', SAV, 'jane');
    for (let i = 0; i < id.length; i += 1) {
      const swapped = id[i] === 'A' ? 'B' : 'A';
      const altered = id.slice(0, i) + swapped + id.slice(i + 1);
      expect([i, codec.decode('account', altered, 'jane')]).toEqual([
        i,
        expect.stringMatching(/^(unauthentic|malformed)$/),
      ]);
    }
  });

  it('when an id is decoded as another kind, or under another key, then it is unauthentic', () => {
    const id = codec.encode('payee', SAV, 'jane');
    expect(codec.decode('account', id, 'jane')).toBe('unauthentic');
    expect(new IdCodec(crypto.randomBytes(32)).decode('payee', id, 'jane')).toBe('unauthentic');
  });

  it.each(['', 'abc', 'a'.repeat(257), 'sav-12', `${'A'.repeat(30)}==`, 'A+/'.repeat(10)])(
    'when an id is not of the documented shape (%j), then it is malformed',
    (id) => expect(codec.decode('account', id, 'jane')).toBe('malformed'),
  );

  it('when ids are made, then they match the documented pattern, fit the FDX limit and show nothing of the core', () => {
    const longest = { instance: 'bank', id: 'x'.repeat(170) };
    const ids = [codec.encode('account', SAV, 'jane'), codec.encode('statement', longest, 'jane')];
    for (const id of ids) {
      expect(id).toMatch(EXTERNAL_ID_PATTERN);
      expect(id.length).toBeLessThanOrEqual(MAX_EXTERNAL_ID_LENGTH);
      expect(id).not.toContain('sav');
      expect(id).not.toContain(Buffer.from('sav-12').toString('base64url').slice(0, 6));
    }
    // Neighbouring core ids give unrelated ids: no shared prefix a reader could count on.
    const next = codec.encode('account', { instance: 'bank', id: 'sav-13' }, 'jane');
    expect(next.slice(0, 4)).not.toBe(ids[0]!.slice(0, 4));
  });

  it('when a reference is too long or empty, then it cannot be encoded', () => {
    expect(() => codec.encode('account', { instance: 'bank', id: 'x'.repeat(200) })).toThrow(
      UnencodableRefError,
    );
    expect(() => codec.encode('account', { instance: 'bank', id: '' })).toThrow(
      UnencodableRefError,
    );
  });

  it('when the key is not 32 bytes, then no codec is made', () => {
    expect(() => new IdCodec(crypto.randomBytes(16))).toThrow('not 32');
  });
});
