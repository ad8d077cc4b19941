import { type Sample, sentBetween } from './samples';

// Timings (ms after identity's kill) of a kill-services run that failed while samples were attributed by when they
// were answered: identity killed at 0 and serving again within 2.3 s, so the next test killed catalog at 2,336.
describe('sentBetween', () => {
  const identityKilledAt = 0;
  const catalogKilledAt = 2_336;
  const catalogRestartedAt = 2_746;
  // Sent to identity 7 ms after its kill, lost with the process, answered 503 at the gateway's 2.5 s RPC timeout.
  const straggler: Sample = { sentAt: 7, at: 2_516, probe: 'identity', status: 503, ms: 2_509 };
  const healthy: Sample = { sentAt: 2_400, at: 2_412, probe: 'identity', status: 200, ms: 12 };

  it("leaves a request lost with the previous outage's process out of the next outage", () => {
    expect(sentBetween([straggler, healthy], catalogKilledAt, catalogRestartedAt)).toEqual([healthy]);
  });

  it('counts it in the outage during which it was sent', () => {
    expect(sentBetween([straggler, healthy], identityKilledAt, catalogKilledAt)).toEqual([straggler]);
  });
});
