import type { PersonRef, ServiceInstanceRef } from '../records/references.js';
import { defaultTeam, type TeamFacts, type TeamInputs } from './default-team.js';

const FIRST_LINE = 11;
const SUPPORT = 12;
const SERVICE_DESK = 13;
const CURRENT_USER = 100;

const customer: PersonRef = { id: 200, name: 'Ann Customer', accountId: 'widget-customer', organizationId: null, primaryEmail: 'ann@customer.test' };
const instance = (firstLineTeamId: number | null, supportTeamId: number | null): ServiceInstanceRef => ({ id: 5, name: 'Mail', firstLineTeamId, supportTeamId });

/** In-memory answers: who is in which team, and which account has which service desk team. */
function facts(teams: Record<number, number[]>, serviceDesks: Record<string, number> = {}) {
  const asked: string[] = [];
  const answers: TeamFacts = {
    teamIdsOf: async (personId) => {
      asked.push(`teamIdsOf(${personId})`);
      return teams[personId] ?? [];
    },
    serviceDeskTeamFor: async (accountId) => {
      asked.push(`serviceDeskTeamFor(${accountId})`);
      return serviceDesks[accountId] ?? null;
    },
  };
  return { answers, asked };
}

const inputs = (values: Partial<TeamInputs>): TeamInputs => ({ memberId: null, serviceInstance: null, currentUserId: CURRENT_USER, requestedFor: customer, ...values });

describe('SPEC.md "Default values for a new request" — row team', () => {
  describe('the team of the member, if any', () => {
    it("takes the member's first team when the member has one", async () => {
      const { answers, asked } = facts({ 7: [21, 22] });

      expect(await defaultTeam(inputs({ memberId: 7, serviceInstance: instance(FIRST_LINE, SUPPORT) }), answers)).toBe(21);
      expect(asked).toEqual(['teamIdsOf(7)']);
    });

    it('goes on to the service instance when the member is in no team', async () => {
      const { answers } = facts({ 7: [] });

      expect(await defaultTeam(inputs({ memberId: 7, serviceInstance: instance(FIRST_LINE, null) }), answers)).toBe(FIRST_LINE);
    });
  });

  describe('otherwise, with a service instance', () => {
    it('takes its First Line Team when the current user is in neither team', async () => {
      const { answers } = facts({ [CURRENT_USER]: [99] });

      expect(await defaultTeam(inputs({ serviceInstance: instance(FIRST_LINE, SUPPORT) }), answers)).toBe(FIRST_LINE);
    });

    it('takes its Support Team when the current user belongs to the First Line Team', async () => {
      const { answers } = facts({ [CURRENT_USER]: [FIRST_LINE] });

      expect(await defaultTeam(inputs({ serviceInstance: instance(FIRST_LINE, SUPPORT) }), answers)).toBe(SUPPORT);
    });

    it('takes its Support Team when the current user belongs to the Support Team', async () => {
      const { answers } = facts({ [CURRENT_USER]: [SUPPORT] });

      expect(await defaultTeam(inputs({ serviceInstance: instance(FIRST_LINE, SUPPORT) }), answers)).toBe(SUPPORT);
    });

    it('takes its Support Team when no First Line Team is set, without asking about the current user', async () => {
      const { answers, asked } = facts({});

      expect(await defaultTeam(inputs({ serviceInstance: instance(null, SUPPORT) }), answers)).toBe(SUPPORT);
      expect(asked).toEqual([]);
    });

    it('takes its First Line Team when no Support Team is set, even for a member of the First Line Team', async () => {
      const { answers } = facts({ [CURRENT_USER]: [FIRST_LINE] });

      expect(await defaultTeam(inputs({ serviceInstance: instance(FIRST_LINE, null) }), answers)).toBe(FIRST_LINE);
    });

    it('goes on to the support agreement when the service instance has neither team', async () => {
      const { answers } = facts({}, { 'widget-customer': SERVICE_DESK });

      expect(await defaultTeam(inputs({ serviceInstance: instance(null, null) }), answers)).toBe(SERVICE_DESK);
    });
  });

  describe('otherwise, the Service Desk Team of the first line support agreement', () => {
    it("asks for the agreement covering the requested_for person's account", async () => {
      const { answers, asked } = facts({}, { 'widget-customer': SERVICE_DESK, 'other-customer': 99 });

      expect(await defaultTeam(inputs({}), answers)).toBe(SERVICE_DESK);
      expect(asked).toEqual(['serviceDeskTeamFor(widget-customer)']);
    });

    it('leaves the team empty when no agreement covers that account', async () => {
      const { answers } = facts({});

      expect(await defaultTeam(inputs({ memberId: 7 }), answers)).toBeNull();
    });
  });
});
