import { feedbackLinkKey, feedbackSignature, loadSealingKey, recordRequestFeedback } from '@tessera/domain';
import { createUnitOfWork } from '@tessera/persistence';
import { startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';

/** SPEC.md "Request" `satisfaction`: the answer a requester gave through a feedback link, as the Request type shows it. */
describe('GraphQL Request.satisfaction', () => {
  let g: GraphqlHarness;
  beforeAll(async () => {
    g = await startGraphqlHarness();
  });
  afterAll(() => g.stop());

  const CREATE = 'mutation($input: RequestCreateInput!) { requestCreate(input: $input) { request { id dbId satisfaction } } }';
  const READ = 'query($id: ID!) { node(id: $id) { ... on Request { satisfaction } } }';

  async function run(query: string, variables: Record<string, unknown>) {
    const reply = await g.call('/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${g.demo.admin.token}`, 'x-service-account': g.demo.account },
      body: JSON.stringify({ query, variables }),
    });
    expect(reply.status).toBe(200);
    return reply.json();
  }

  it('is null before any answer and shows the answer the feedback link recorded, as REST spells it', async () => {
    const { request } = (await run(CREATE, { input: { subject: 'Laptop slow' } })).data.requestCreate;
    expect(request.satisfaction).toBeNull();

    // The link the REST representation shows, signed as the api signs it (the public development key of tests).
    const key = feedbackLinkKey(loadSealingKey(undefined, 'test'));
    const row = await g.test.db('requests').where({ id: request.dbId }).first('account_id', 'requested_by_id');
    for (const answer of ['dissatisfied', 'satisfied'] as const) {
      const signature = feedbackSignature(key, { account: row.account_id, requestId: request.dbId, requestedById: row.requested_by_id, answer });
      await recordRequestFeedback({ account: row.account_id, requestId: request.dbId, answer, signature }, { uow: createUnitOfWork(g.test.db), key });
      expect((await run(READ, { id: request.id })).data.node).toEqual({ satisfaction: answer });
    }
  });
});
