import { checkPersonInput } from './person-fields.js';

describe('checkPersonInput', () => {
  it('needs a name and a primary e-mail on create, and trims them', () => {
    expect(checkPersonInput({}, 'create').errors).toEqual([
      ['name', "Name can't be blank"],
      ['primary_email', "Primary email can't be blank"],
    ]);
    expect(checkPersonInput({ name: ' Ada ', primary_email: ' ada@acme.example ' }, 'create')).toEqual({ values: { name: 'Ada', primary_email: 'ada@acme.example' }, errors: [] });
  });

  it('takes a change of any one field, and none of the read-only ones', () => {
    expect(checkPersonInput({ disabled: true }, 'change')).toEqual({ values: { disabled: true }, errors: [] });
    expect(checkPersonInput({ id: 3, created_at: 'x' }, 'change').errors).toEqual([
      ['id', "'id' cannot be changed"],
      ['created_at', "'created_at' cannot be changed"],
    ]);
  });

  it('reports every problem at once, in the order of the declaration', () => {
    const { errors } = checkPersonInput({ roles: ['agent', 'owner'], time_zone: 'Mars/Olympus', locale: 'english', name: 'x'.repeat(129), primary_email: 'nope', disabled: 'yes' }, 'change');
    expect(errors).toEqual([
      ['name', 'Name is too long (maximum is 128 characters)'],
      ['primary_email', "Primary email 'nope' is not an e-mail address"],
      ['locale', "Locale 'english' is not a language tag such as en-US"],
      ['time_zone', "Time zone 'Mars/Olympus' is not an IANA time zone such as Europe/Amsterdam"],
      ['disabled', 'Disabled must be true or false'],
      ['roles', 'Roles are administrator, agent, specialist, auditor; not owner'],
    ]);
  });

  it.each(['UTC', 'Europe/Amsterdam', 'America/Argentina/Buenos_Aires'])('takes the time zone %s', (zone) => {
    expect(checkPersonInput({ time_zone: zone }, 'change').errors).toEqual([]);
  });

  it('refuses blank values of fields a person always has, and roles that are not a list', () => {
    expect(checkPersonInput({ name: ' ', locale: null, roles: 'agent' }, 'change').errors).toEqual([
      ['name', "Name can't be blank"],
      ['locale', "Locale can't be blank"],
      ['roles', 'Roles must be a list of role names'],
    ]);
  });

  it('clears the roles with null or an empty list, and keeps each role once', () => {
    expect(checkPersonInput({ roles: null }, 'change').values).toEqual({ roles: [] });
    expect(checkPersonInput({ roles: ['agent', 'agent'] }, 'change').values).toEqual({ roles: ['agent'] });
  });
});
