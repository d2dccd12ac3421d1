import { encodeNodeId } from '@tessera/domain';
import { startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';

/**
 * A contract over GraphQL (issue 31): its days are the calendar days written, as strings, and an
 * expiry before the start is refused in the payload, as over REST (apps/api/test/contracts.spec.ts).
 */
describe('a contract over GraphQL', () => {
  let g: GraphqlHarness;
  let customerId: string;

  const run = (query: string, variables: Record<string, unknown> = {}) => g.data(query, variables);
  const create = async (input: object) =>
    (await run('mutation($input: ContractCreateInput!) { contractCreate(input: $input) { contract { startDate expiryDate customer { name } } errors { path message } } }', {
      input: { name: 'Lease', customerId, ...input },
    })).contractCreate;

  beforeAll(async () => {
    g = await startGraphqlHarness();
    const [{ id }] = await g.test.db('organizations').insert({ account_id: g.demo.account, name: 'Widget Customer' }).returning('id');
    customerId = encodeNodeId('Organization', id);
  }, 60_000);
  afterAll(() => g.stop());

  it('reads its days as written, and refuses an expiry before the start in the payload', async () => {
    expect(await create({ startDate: '2026-01-01', expiryDate: '2026-12-31' })).toEqual({
      contract: { startDate: '2026-01-01', expiryDate: '2026-12-31', customer: { name: 'Widget Customer' } }, errors: [],
    });
    const refused = await create({ startDate: '2026-06-01', expiryDate: '2026-05-31' });
    expect(refused).toEqual({ contract: null, errors: [{ path: ['input', 'expiryDate'], message: 'Expiry date may not be before the start date' }] });
  });
});
