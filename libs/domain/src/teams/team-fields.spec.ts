import { checkPersonInput } from '../people/person-fields.js';
import { TEAM_MEMBERS_MAX, TEAM_RECORD, checkTeamInput } from './team-fields.js';

describe('checkTeamInput', () => {
  it('needs only a name on create, and trims it', () => {
    expect(checkTeamInput({}, 'create').errors).toEqual([['name', "Name can't be blank"]]);
    expect(checkTeamInput({ name: ' Night Shift ' }, 'create')).toEqual({ values: { name: 'Night Shift' }, errors: [] });
  });

  it('takes a manager by id, null clearing it, and members as a list of ids, deduplicated and sorted', () => {
    expect(checkTeamInput({ manager_id: 7, member_ids: [9, 3, 9] }, 'change')).toEqual({ values: { manager_id: 7, member_ids: [3, 9] }, errors: [] });
    expect(checkTeamInput({ manager_id: null, member_ids: null }, 'change')).toEqual({ values: { manager_id: null, member_ids: [] }, errors: [] });
  });

  it('reports every problem at once, in the order of the declaration, and refuses the read-only fields', () => {
    expect(checkTeamInput({ member_ids: [1, 'two'], disabled: 'no', manager_id: -1, name: 'x'.repeat(191), colour: 'red', id: 4 }, 'change').errors).toEqual([
      ['name', 'Name is too long (maximum is 190 characters)'],
      ['manager_id', 'Manager id is not a valid id'],
      ['disabled', 'Disabled must be true or false'],
      ['member_ids', 'Member ids must be a list of valid ids'],
      ['id', "'id' cannot be changed"],
      ['colour', "'colour' cannot be changed"],
    ]);
    expect(checkTeamInput({ disabled: null, member_ids: 'all' }, 'change').errors).toEqual([
      ['disabled', "Disabled can't be blank"],
      ['member_ids', 'Member ids must be a list of ids'],
    ]);
  });

  it(`refuses more than ${TEAM_MEMBERS_MAX} members, and ids no record can have`, () => {
    const many = Array.from({ length: TEAM_MEMBERS_MAX + 1 }, (_, i) => i + 1);
    expect(checkTeamInput({ member_ids: many }, 'change').errors).toEqual([['member_ids', `Member ids are too many (maximum is ${TEAM_MEMBERS_MAX})`]]);
    expect(checkTeamInput({ member_ids: [0] }, 'change').errors).toEqual([['member_ids', 'Member ids must be a list of valid ids']]);
    expect(checkTeamInput({ member_ids: [2 ** 31] }, 'change').errors).toEqual([['member_ids', 'Member ids must be a list of valid ids']]);
  });

  it('declares what only the service writes as read-only, and the members as a set of Person references kept out of the answer', () => {
    const written = Object.entries(TEAM_RECORD.fields).filter(([, field]) => 'write' in field).map(([name]) => name);
    expect(written).toEqual(['name', 'manager_id', 'disabled', 'member_ids']);
    expect(TEAM_RECORD.fields.member_ids).toMatchObject({ type: 'references', target: 'Person', set: true, read: false });
  });
});

describe("a person's team_ids", () => {
  it('is a list of team ids, checked with the person’s other fields, in the order of the declaration', () => {
    expect(checkPersonInput({ team_ids: [5, 2, 5] }, 'change')).toEqual({ values: { team_ids: [2, 5] }, errors: [] });
    expect(checkPersonInput({ team_ids: ['ops'], name: '' }, 'change').errors).toEqual([['name', "Name can't be blank"], ['team_ids', 'Team ids must be a list of valid ids']]);
  });
});
