/**
 * `tessera token create`: a personal access token for a person, printed once — the same token, and
 * the same checks of its name, scopes and expiry, as the "Access and Security" page creates
 * (libs/domain access-and-security/create-personal-access-token.ts). Only its digest is stored.
 */
import { createPersonalAccessToken } from '@tessera/domain';
import { personalAccessTokenRepository, signInRepository } from '@tessera/persistence';
import { withCliDatabase } from './cli-database.js';
import { done, refused, type Command } from './command.js';
import { shown } from './terminal-text.js';

const DAY_MS = 24 * 3600 * 1000;
const EXPIRES_IN = /^([1-9][0-9]{0,3})d$/;
const MAX_DAYS = 3650;
const MAX_ID = 2_147_483_647;

export const tokenCreateCommand: Command = {
  name: 'token create',
  summary: 'Create a personal access token for a person, printed once',
  help: `Usage: tessera token create --person <id|email> [--scopes <scope; …>] [--expires-in <N>d|never] [--name <name>]

Creates a personal access token for an enabled person and prints it on standard output, once: only
its digest is stored. The token can do what the person's roles allow, narrowed by its scopes.

  --person <id|email>    the person, by id or primary e-mail (any case)
  --scopes <scope; …>    token scopes, separated by semicolons, each in the syntax of the Access and
                         Security page: [allow|deny] <action>[, <action>…][ if <condition>[ and …]],
                         e.g. request:Read; deny webhook:Delete; request:Read, request:Update if
                         account = wdc. Default *:* (everything the person's roles allow)
  --expires-in <N>d      the token works for N more days (1 to ${MAX_DAYS}), through the last one (UTC);
                         never: it does not expire. Default 90d
  --name <name>          what the person's Access and Security page lists it as

Example:
  tessera token create --person ada@acme.example --scopes 'request:*; deny webhook:Delete; allow request:Read, request:Update if account = acme-it and role = administrator' --expires-in 30d

The database: DATABASE_URL when set, else this checkout's embedded PostgreSQL.`,
  options: { person: { type: 'string' }, scopes: { type: 'string' }, 'expires-in': { type: 'string' }, name: { type: 'string' } },
  async run({ values }) {
    const person = stringOption(values['person']);
    if (person === undefined) return refused('--person is required: the id or primary e-mail of the person the token is for');
    const expiresOn = expiryDay(stringOption(values['expires-in']) ?? '90d');
    if (expiresOn === null) return refused(`--expires-in takes a number of days, as 30d (1 to ${MAX_DAYS}), or never`);
    const form = {
      name: stringOption(values['name']) ?? 'Created with tessera token create',
      // A scope holds commas and spaces of its own (`request:Read, request:Update if role in a, b`): semicolons part them.
      scopes: (stringOption(values['scopes']) ?? '*:*').split(';').join('\n'),
      expires_on: expiresOn,
    };
    return withCliDatabase(async (db) => {
      const people = signInRepository(db);
      const byId = /^[0-9]+$/.test(person);
      // Ids are PostgreSQL integers: a larger number names no one, and is not sent to the database.
      const found = byId ? (Number(person) <= MAX_ID ? await people.findById(Number(person)) : null) : await people.findByEmail(person);
      if (!found) return refused(`No enabled person has the ${byId ? 'id' : 'primary e-mail'} ${shown(person)}`);
      const created = await createPersonalAccessToken(found.id, form, personalAccessTokenRepository(db));
      if (!created.ok) return refused(created.errors.map(([field, message]) => `${field === 'expires_on' ? 'expires-in' : field}: ${message}`).join('\n'));
      return done(created.token.value, `Personal access token ${created.token.id} ('${shown(created.token.name)}') for ${shown(found.name)} <${shown(found.primaryEmail)}>; it is shown once:`);
    });
  },
};

function stringOption(value: string | boolean | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The form's expires_on (YYYY-MM-DD, the last day the token works), '' for never, null when unreadable. */
function expiryDay(text: string, now = new Date()): string | null {
  if (text === 'never') return '';
  const days = EXPIRES_IN.exec(text);
  if (!days || Number(days[1]) > MAX_DAYS) return null;
  return new Date(now.getTime() + Number(days[1]) * DAY_MS).toISOString().slice(0, 10);
}
