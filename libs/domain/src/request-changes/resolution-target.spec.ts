import { computeTargets } from './resolution-target.js';

const CREATED = new Date('2026-03-02T08:00:00.000Z');
const plus = (minutes: number) => new Date(CREATED.getTime() + minutes * 60_000);

describe('SLA targets of a request', () => {
  it('sets the response and resolution targets that many minutes after creation', () => {
    expect(computeTargets(CREATED, { responseMinutes: 30, resolutionMinutes: 240 }, null)).toEqual({
      response_target_at: plus(30),
      resolution_target_at: plus(240),
      requester_resolution_target_at: plus(240),
    });
  });

  it('sets only the response target for an SLA with only a response target', () => {
    expect(computeTargets(CREATED, { responseMinutes: 30, resolutionMinutes: null }, null)).toEqual({
      response_target_at: plus(30),
      resolution_target_at: null,
      requester_resolution_target_at: null,
    });
  });

  it('sets no target without an SLA', () => {
    expect(computeTargets(CREATED, null, null)).toEqual({ response_target_at: null, resolution_target_at: null, requester_resolution_target_at: null });
  });
});

describe('SPEC.md events parameter desired_completion_at — overriding the resolution target', () => {
  const sla = { responseMinutes: 30, resolutionMinutes: 240 };

  it('overrides the resolution target when later than it', () => {
    expect(computeTargets(CREATED, sla, plus(241))).toEqual({
      response_target_at: plus(30),
      resolution_target_at: plus(241),
      requester_resolution_target_at: plus(241),
    });
  });

  it('does not override a resolution target it is earlier than', () => {
    expect(computeTargets(CREATED, sla, plus(239)).resolution_target_at).toEqual(plus(240));
  });

  it('does not override a resolution target it equals', () => {
    expect(computeTargets(CREATED, sla, plus(240)).resolution_target_at).toEqual(plus(240));
  });

  it('becomes the resolution target when the SLA sets none', () => {
    expect(computeTargets(CREATED, { responseMinutes: 30, resolutionMinutes: null }, plus(10))).toEqual({
      response_target_at: plus(30),
      resolution_target_at: plus(10),
      requester_resolution_target_at: plus(10),
    });
  });

  it('never touches the response target', () => {
    expect(computeTargets(CREATED, sla, plus(5)).response_target_at).toEqual(plus(30));
  });
});
