/**
 * A live step with a shadow (src/shadow/shadowed-step.ts): a sampled share of its reads is also
 * asked of the candidate, after the live answer and off its path, within the concurrency bound;
 * the caller's answer is the live one whatever the candidate does.
 */
import type { CoreCall, Step } from '../../src/core-call/core-call';
import type { OperationName } from '../../src/ports/operations';
import type { Comparison } from '../../src/shadow/compare';
import { shadowed, type ShadowOptions } from '../../src/shadow/shadowed-step';
import type { ShadowOutcome, ShadowReport } from '../../src/shadow/shadow-report';
import { Slots } from '../../src/shadow/slots';
import { callOf } from '../helpers/fan-out';
import { waitFor } from '../helpers/wait';

/** What a shadow reported, in order. */
interface Heard {
  reads: ShadowOutcome[];
  differed: Comparison[];
  failed: unknown[];
}

function recording(): { report: ShadowReport; heard: Heard } {
  const heard: Heard = { reads: [], differed: [], failed: [] };
  return {
    heard,
    report: {
      read: (_op, outcome) => heard.reads.push(outcome),
      differed: (_op, _requestId, comparison) => heard.differed.push(comparison),
      failed: (_op, _requestId, err) => heard.failed.push(err),
    },
  };
}

/** A step of a candidate whose answers the test gives, one per call, when it likes. */
function heldCandidate() {
  const calls: CoreCall[] = [];
  const answers: ((value: unknown) => void)[] = [];
  const step: Step = (call) => {
    calls.push(call);
    return new Promise((resolve) => answers.push(resolve));
  };
  return { step, calls, answers };
}

const balances = () => [{ accountId: 'a-1', balance: { current: '10.00' } }];
const read = (name: OperationName = 'banking.listBalances') => callOf(name, ['c-1', ['a-1']]);
/** One turn of the event loop: a shadow that would start has started. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

function options(report: ShadowReport, more: Partial<ShadowOptions> = {}): ShadowOptions {
  return { sample: 1, slots: new Slots(4), report, random: () => 0.5, ...more };
}

describe('a live step with a shadow', () => {
  it('when the sample is 0, then the candidate is never asked', async () => {
    const { report, heard } = recording();
    const candidate = jest.fn<Promise<unknown>, [CoreCall]>(async () => balances());
    const step = shadowed(async () => balances(), candidate, options(report, { sample: 0 }));
    for (let i = 0; i < 20; i += 1) await step(read());
    await turn();
    expect(candidate).not.toHaveBeenCalled();
    expect(heard.reads).toEqual([]);
  });

  it('when a draw is at or above the sample, then that read is not shadowed', async () => {
    const { report, heard } = recording();
    const draws = [0.2, 0.7, 0.5];
    const candidate = jest.fn<Promise<unknown>, [CoreCall]>(async () => balances());
    const random = () => draws.shift()!;
    const step = shadowed(
      async () => balances(),
      candidate,
      options(report, { sample: 0.5, random }),
    );
    for (let i = 0; i < 3; i += 1) await step(read());
    await waitFor(() => heard.reads.length === 1, 'the shadow read');
    await turn();
    expect(candidate).toHaveBeenCalledTimes(1);
  });

  it('when the sample is 1, then the candidate is asked the same read and found the same', async () => {
    const { report, heard } = recording();
    const candidate = jest.fn<Promise<unknown>, [CoreCall]>(async () => balances());
    const step = shadowed(async () => balances(), candidate, options(report));
    const call = read();
    await step(call);
    await waitFor(() => heard.reads.length === 1, 'the shadow read');
    expect(heard.reads).toEqual(['same']);
    const asked = candidate.mock.calls[0]![0];
    expect([asked.operation, asked.args]).toEqual([call.operation, call.args]);
    // The caller's signal is not the shadow's: its own timeout bounds it.
    expect(asked.scope.signal).toBeUndefined();
  });

  it('when the candidate is slow, then the live answer itself comes back before it answers', async () => {
    const { report, heard } = recording();
    const candidate = heldCandidate();
    const live = balances();
    const step = shadowed(async () => live, candidate.step, options(report));
    expect(await step(read())).toBe(live);
    await waitFor(() => candidate.calls.length === 1, 'the candidate asked');
    expect(heard.reads).toEqual([]);
    candidate.answers[0]!([{ accountId: 'a-1', balance: { current: '11.00' } }]);
    await waitFor(() => heard.reads.length === 1, 'the comparison');
    expect(heard.reads).toEqual(['different']);
    expect(heard.differed[0]!.paths).toEqual(['$[0].balance.current']);
  });

  it('when the candidate fails, then the live answer is unchanged and the read is an error', async () => {
    const { report, heard } = recording();
    const live = balances();
    const failing: Step = () => Promise.reject(new Error('candidate down'));
    const step = shadowed(async () => live, failing, options(report));
    expect(await step(read())).toBe(live);
    await waitFor(() => heard.reads.length === 1, 'the shadow read');
    expect(heard.reads).toEqual(['error']);
    expect(heard.failed).toHaveLength(1);
    expect(live).toEqual(balances());
  });

  it('when the candidate throws at once, then nothing of it reaches the caller', async () => {
    const { report, heard } = recording();
    const throwing: Step = () => {
      throw new Error('not even a promise');
    };
    const step = shadowed(async () => balances(), throwing, options(report));
    expect(await step(read())).toEqual(balances());
    await waitFor(() => heard.reads.length === 1, 'the shadow read');
    expect(heard.reads).toEqual(['error']);
  });

  it('when the caller changes its answer afterwards, then the candidate is compared with what the core answered', async () => {
    const { report, heard } = recording();
    const candidate = heldCandidate();
    const step = shadowed(async () => balances(), candidate.step, options(report));
    const answer = (await step(read())) as ReturnType<typeof balances>;
    answer[0]!.balance.current = 'changed by the service';
    await waitFor(() => candidate.calls.length === 1, 'the candidate asked');
    candidate.answers[0]!(balances());
    await waitFor(() => heard.reads.length === 1, 'the comparison');
    expect(heard.reads).toEqual(['same']);
  });

  it('when as many shadow reads as the bound are under way, then the next is skipped and counted', async () => {
    const { report, heard } = recording();
    const candidate = heldCandidate();
    const slots = new Slots(2);
    const step = shadowed(async () => balances(), candidate.step, options(report, { slots }));
    await step(read());
    await step(read());
    await step(read());
    await waitFor(() => candidate.calls.length === 2, 'two shadow reads under way');
    expect(heard.reads).toEqual(['skipped']);
    candidate.answers[0]!(balances());
    await waitFor(() => slots.busy === 1, 'a slot freed');
    await step(read());
    await waitFor(() => candidate.calls.length === 3, 'a third shadow read');
    expect(heard.reads).toEqual(['skipped', 'same']);
  });

  it('when the operation is a write or a stream, then the candidate is never asked', async () => {
    const { report, heard } = recording();
    const candidate = jest.fn<Promise<unknown>, [CoreCall]>(async () => 'candidate');
    const step = shadowed(async () => 'live', candidate, options(report));
    expect(await step(callOf('products.createProduct', [{}]))).toBe('live');
    expect(await step(callOf('fdx.getStatementDocument', ['c-1', 'a-1', 's-1']))).toBe('live');
    await turn();
    expect(candidate).not.toHaveBeenCalled();
    expect(heard.reads).toEqual([]);
  });

  it('when the live core fails, then the failure is the caller’s and no shadow starts', async () => {
    const { report, heard } = recording();
    const candidate = jest.fn<Promise<unknown>, [CoreCall]>(async () => balances());
    const failure = new Error('live down');
    const step = shadowed(() => Promise.reject(failure), candidate, options(report));
    await expect(step(read())).rejects.toBe(failure);
    await turn();
    expect(candidate).not.toHaveBeenCalled();
    expect(heard.reads).toEqual([]);
  });

  it('when the shadow reads are closed, then no shadow starts', async () => {
    const { report, heard } = recording();
    const candidate = jest.fn<Promise<unknown>, [CoreCall]>(async () => balances());
    const step = shadowed(
      async () => balances(),
      candidate,
      options(report, { open: () => false }),
    );
    await step(read());
    await turn();
    expect(candidate).not.toHaveBeenCalled();
    expect(heard.reads).toEqual([]);
  });
});
