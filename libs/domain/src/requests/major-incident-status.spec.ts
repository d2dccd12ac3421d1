import { assertMayMoveMajorIncident, majorIncidentMoveProblem } from './major-incident-status.js';

describe('a request\'s major incident status: where it may move, and who may move it', () => {
  it('lets it go from none to proposed or accepted, and on along the life of a major incident', () => {
    const sensible: Array<[string | null, string]> = [
      [null, 'proposed'], [null, 'accepted'], ['proposed', 'accepted'], ['proposed', 'rejected'], ['proposed', 'canceled'],
      ['accepted', 'resolved'], ['accepted', 'canceled'], ['rejected', 'proposed'], ['resolved', 'accepted'], ['canceled', 'proposed'],
    ];
    for (const [from, to] of sensible) expect(majorIncidentMoveProblem(from as never, to as never)).toBeNull();
  });

  it('refuses a move that makes no sense, and clearing it, naming the field', () => {
    expect(majorIncidentMoveProblem(null, 'resolved')).toEqual(['major_incident_status', 'Major incident status cannot move from none to resolved (from none: proposed, accepted)']);
    expect(majorIncidentMoveProblem('rejected', 'accepted')?.[0]).toBe('major_incident_status');
    expect(majorIncidentMoveProblem('resolved', 'canceled')?.[0]).toBe('major_incident_status');
    expect(majorIncidentMoveProblem('accepted', null)).toEqual(['major_incident_status', 'Major incident status cannot be cleared once set (it is accepted)']);
    expect(majorIncidentMoveProblem('accepted', 'accepted')).toBeNull();
  });

  it('lets anyone who may change the request propose, and only an administrator decide', () => {
    expect(() => assertMayMoveMajorIncident(null, 'proposed', ['agent'])).not.toThrow();
    expect(() => assertMayMoveMajorIncident('canceled', 'proposed', [])).not.toThrow();
    for (const [from, to] of [['proposed', 'accepted'], ['proposed', 'rejected'], ['accepted', 'resolved'], [null, 'accepted']] as const) {
      expect(() => assertMayMoveMajorIncident(from, to, ['agent', 'specialist'])).toThrow(expect.objectContaining({ code: 'FORBIDDEN', message: `Only an administrator may move major_incident_status to ${to}` }));
      expect(() => assertMayMoveMajorIncident(from, to, ['administrator'])).not.toThrow();
    }
  });
});
