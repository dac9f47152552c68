/** The stack gate's memory of causes: bounded in count and in characters, whatever a cause holds. */
import { MAX_CAUSE_LENGTH, MAX_CAUSES, StackGate } from '../../src/errors/error-log';

describe('the stack gate', () => {
  it('when causes of 10,000 characters keep coming, then it remembers at most MAX_CAUSES of MAX_CAUSE_LENGTH characters', () => {
    const gate = new StackGate(60_000, () => 0);
    for (let i = 0; i < MAX_CAUSES * 2; i += 1) gate.pass(`${i}:`.padEnd(10_000, 'x'));
    expect(gate.rememberedCharacters).toBeGreaterThan(0);
    expect(gate.rememberedCharacters).toBeLessThanOrEqual(MAX_CAUSES * MAX_CAUSE_LENGTH);
  });

  it('when two long causes differ only at their end, then each is its own cause; one repeated is held back', () => {
    const gate = new StackGate(60_000, () => 0);
    const long = 'x'.repeat(MAX_CAUSE_LENGTH * 2);
    expect([gate.pass(`${long}a`), gate.pass(`${long}b`), gate.pass(`${long}a`)]).toEqual([
      0,
      0,
      undefined,
    ]);
  });
});
