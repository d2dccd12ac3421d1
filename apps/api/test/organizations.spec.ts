import request from 'supertest';
import { startApiHarness, type ApiHarness } from './support/api-harness.js';

/**
 * `/v1/organizations` (issue 31): what the record contract (record-contract.spec.ts) does not
 * cover — organizations form a tree by their parent, never a loop.
 */
describe('organizations, a tree by their parent', () => {
  let h: ApiHarness;
  const create = async (body: object) => (await h.post('/v1/organizations').send(body).expect(201)).body as { id: number };
  const patch = (id: number, body: object) =>
    request(h.app).patch(`/v1/organizations/${id}`).set('Authorization', `Bearer ${h.demo.admin.token}`).set('X-Service-Account', h.demo.account).send(body);

  beforeAll(async () => {
    h = await startApiHarness();
  });
  afterAll(() => h.drop());

  it('reads an organization with its parent, and lists the children of a parent by filter', async () => {
    const group = await create({ name: 'Widget Group' });
    const europe = await h.post('/v1/organizations').send({ name: 'Widget Europe', parent_id: group.id, region: 'EU', financial_id: 'WE-1' }).expect(201);
    expect(europe.body).toMatchObject({ name: 'Widget Europe', parent: { id: group.id, name: 'Widget Group' }, disabled: false, region: 'EU', financial_id: 'WE-1', remarks: null });
    const children = await h.get(`/v1/organizations?parent_id=${group.id}`).expect(200);
    expect(children.body.map((org: { name: string }) => org.name)).toEqual(['Widget Europe']);
  });

  it('refuses the organization itself or one below it as its parent, and changes nothing', async () => {
    const top = await create({ name: 'Top' });
    const middle = await create({ name: 'Middle', parent_id: top.id });
    const bottom = await create({ name: 'Bottom', parent_id: middle.id });
    const problem = ['parent_id', 'Parent: not the organization itself or one below it'];
    expect((await patch(top.id, { parent_id: top.id }).expect(422)).body.errors).toEqual([problem]);
    expect((await patch(top.id, { parent_id: bottom.id, name: 'Top renamed' }).expect(422)).body.errors).toEqual([problem]);
    expect((await h.get(`/v1/organizations/${top.id}`).expect(200)).body).toMatchObject({ name: 'Top', parent: null });
    // Moving a branch under another branch is fine.
    const other = await create({ name: 'Other branch' });
    expect((await patch(middle.id, { parent_id: other.id }).expect(200)).body.parent).toMatchObject({ id: other.id });
  });

  it('names an unknown field as a field of "an organization"', async () => {
    const top = await create({ name: 'Grammar' });
    expect((await patch(top.id, { colour: 'red' }).expect(422)).body.errors).toEqual([['colour', "'colour' is not a field of an organization"]]);
  });
});
