import { encodeNodeId } from '@tessera/domain';
import { insertNeededRecord } from '@tessera/persistence/testing';
import { startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';

/**
 * GraphQL's `ServiceLevelAgreement` (issue 31): its dates are calendar days as REST writes them,
 * and its expiry date is never before its start date.
 */
describe('service level agreements over GraphQL', () => {
  let g: GraphqlHarness;
  let agreed: { customerId: string; serviceOfferingId: string };

  const run = (query: string, variables: Record<string, unknown> = {}) => g.data(query, variables);
  const create = async (input: object) =>
    (await run('mutation($input: ServiceLevelAgreementCreateInput!) { serviceLevelAgreementCreate(input: $input) { serviceLevelAgreement { id startDate expiryDate status } errors { path message } } }', {
      input: { ...agreed, ...input },
    })).serviceLevelAgreementCreate;

  beforeAll(async () => {
    g = await startGraphqlHarness();
    agreed = {
      customerId: encodeNodeId('Organization', await insertNeededRecord(g.test.db, g.demo.account, 'Organization')),
      serviceOfferingId: encodeNodeId('ServiceOffering', await insertNeededRecord(g.test.db, g.demo.account, 'ServiceOffering')),
    };
  }, 60_000);
  afterAll(() => g.stop());

  it('reads and writes its dates as YYYY-MM-DD, and orders by them', async () => {
    const later = await create({ name: 'Later', startDate: '2027-03-01', expiryDate: '2028-02-29' });
    expect(later).toMatchObject({ serviceLevelAgreement: { startDate: '2027-03-01', expiryDate: '2028-02-29', status: 'being_prepared' }, errors: [] });
    const sooner = await create({ name: 'Sooner', startDate: '2027-01-01' });
    const ordered = await run('{ serviceLevelAgreements(first: 5, order: { field: START_DATE, direction: ASC }, filter: { name: { values: ["Later", "Sooner"] } }) { nodes { name startDate } } }');
    expect(ordered.serviceLevelAgreements.nodes).toEqual([{ name: 'Sooner', startDate: '2027-01-01' }, { name: 'Later', startDate: '2027-03-01' }]);
    expect(sooner.errors).toEqual([]);
  });

  it('refuses an expiry date before the start date, or a day that is none, in the payload', async () => {
    const backwards = await create({ name: 'Backwards', startDate: '2027-01-02', expiryDate: '2027-01-01' });
    expect(backwards).toEqual({ serviceLevelAgreement: null, errors: [{ path: ['input', 'expiryDate'], message: 'Expiry date may not be before the start date' }] });
    const odd = await create({ name: 'Odd', startDate: '2027-02-29' });
    expect(odd).toEqual({ serviceLevelAgreement: null, errors: [{ path: ['input', 'startDate'], message: 'Start date is not a valid date (YYYY-MM-DD, from 1900)' }] });
    expect(await g.test.db('slas').whereIn('name', ['Backwards', 'Odd']).count({ n: '*' }).first()).toEqual({ n: 0 });
  });
});
