/** `tessera account create` and `tessera person create`: the first records of a new installation. */
import { createAccount, createPerson, type RegisteredAccount } from '@tessera/domain';
import { accountRegistry, createUnitOfWork } from '@tessera/persistence';
import { withCliDatabase } from './cli-database.js';
import { done, refused, type Command } from './command.js';
import { refusingInvalid } from './field-errors.js';
import { readPassword } from './read-password.js';
import { shown } from './terminal-text.js';

const DATABASE_HELP = "The database: DATABASE_URL when set, else this checkout's embedded PostgreSQL.";
const text = (value: string | boolean | undefined) => (typeof value === 'string' ? value : undefined);

export const accountCreateCommand: Command = {
  name: 'account create',
  summary: 'Create an account: a directory account, or a support domain of one',
  help: `Usage: tessera account create <id> --name <name> [--directory <account id>] [--if-missing]

Creates the account that calls name in X-Service-Account, and prints its id.

  <id>                    2 to 63 characters: a lowercase letter, then lowercase letters, digits, dashes
  --name <name>           its display name, at most 190 characters
  --directory <id>        makes it a support domain of that directory account, whose people its
                          agents then see (create the directory account first)
  --if-missing            an account with that id already there is fine: exit 0 without a change
                          (but not one that is a support domain of another directory than asked)

Exit 1 with every problem when the input is refused, or when the account exists (without
--if-missing); nothing is written then. ${DATABASE_HELP}

Examples:
  tessera account create acme --name 'Acme Group'
  tessera account create acme-it --name 'Acme IT' --directory acme`,
  options: { name: { type: 'string' }, directory: { type: 'string' }, 'if-missing': { type: 'boolean' } },
  positionals: 1,
  async run({ values, positionals }) {
    const id = positionals[0];
    if (id === undefined) return refused('tessera account create: the account id is required (tessera account create <id> --name <name>)');
    return withCliDatabase(async (db) => {
      const accounts = accountRegistry(db);
      const existing = values['if-missing'] === true ? await accounts.find(id) : null;
      if (existing) return existingAccount(existing, text(values['directory']));
      return refusingInvalid(async () => {
        const account = await createAccount({ id, name: text(values['name']), directoryAccountId: text(values['directory']) }, accounts);
        const kind = account.directoryAccountId ? `a support domain of ${account.directoryAccountId}` : 'a directory account';
        return done(account.id, `Created account ${account.id} ('${shown(account.name)}'), ${kind}.`);
      }, { directory_account: 'directory' });
    });
  },
};

export const personCreateCommand: Command = {
  name: 'person create',
  summary: 'Create a person of an account (--admin for its first administrator)',
  help: `Usage: tessera person create --account <id> --name <name> --email <address> [--admin] [--agent]
                             [--locale <tag>] [--time-zone <zone>] [--password-prompt] [--if-missing]

Creates a person of the account, with the roles asked for there, publishes person.create to the
account's webhooks, and prints the person's id.

  --account <id>          the account the person belongs to
  --name <name>           at most 128 characters
  --email <address>       the primary e-mail: how the person signs in; no one else's, in any case
  --admin                 the administrator role (people, teams, webhooks, integrations, …)
  --agent                 the agent role (requests of the account's teams)
  --locale <tag>          e.g. nl-NL; default en-US
  --time-zone <zone>      an IANA time zone, e.g. Europe/Amsterdam; default UTC
  --password-prompt       asks for a sign-in password (10 to 1024 characters) without echo, or
                          reads it as the first line of standard input when that is not a terminal;
                          without it the person signs in through no password (tokens only)
  --if-missing            a person of this account with that e-mail already there is fine: print
                          their id, exit 0 (the e-mail of a person of another account is refused)

Exit 1 with every problem when the input is refused, or when the e-mail is taken (without
--if-missing); nothing is written then. Then: tessera token create --person <the printed id>.
${DATABASE_HELP}

Example:
  tessera person create --account acme-it --name 'Ada Admin' --email ada@acme.example --admin --if-missing`,
  options: {
    account: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' }, locale: { type: 'string' }, 'time-zone': { type: 'string' },
    admin: { type: 'boolean' }, agent: { type: 'boolean' }, 'password-prompt': { type: 'boolean' }, 'if-missing': { type: 'boolean' },
  },
  async run({ values }) {
    const account = text(values['account']);
    if (account === undefined) return refused('--account is required: the id of the account the person belongs to');
    const password = values['password-prompt'] === true ? await readPassword() : undefined;
    const roles = [...(values['admin'] === true ? ['administrator'] : []), ...(values['agent'] === true ? ['agent'] : [])];
    return withCliDatabase(async (db) => {
      const people = createUnitOfWork(db);
      const email = text(values['email']);
      const existing = values['if-missing'] === true && email !== undefined ? await people.repositories.personWrites.idWithEmail(email.trim()) : null;
      if (existing !== null) {
        // Only a person of the named account is "already there": another account's is neither printed nor named.
        if ((await people.repositories.people.findOwnView(existing))?.account.id !== account) {
          return refused(`email: ${shown(email!)} is the primary e-mail of a person of another account, not of ${shown(account)}; nothing was written`);
        }
        return done(String(existing), `A person with the primary e-mail ${shown(email!)} exists already (id ${existing}); nothing changed.`);
      }
      return refusingInvalid(async () => {
        const { id } = await createPerson({ account, name: text(values['name']), primaryEmail: email, locale: text(values['locale']), timeZone: text(values['time-zone']), roles, password }, people);
        return done(String(id), `Created person ${id} of ${account}${roles.length ? ` (${roles.join(', ')})` : ''}.`);
      }, { primary_email: 'email' });
    });
  },
};

/** `--if-missing` found the account: fine, unless --directory asks for another place than it has. */
function existingAccount(existing: RegisteredAccount, directory: string | undefined) {
  if (directory === undefined || directory === existing.directoryAccountId) return done(existing.id, `Account ${existing.id} exists already; nothing changed.`);
  const has = existing.directoryAccountId === null ? 'a directory account,' : `a support domain of ${existing.directoryAccountId},`;
  const asked = existing.directoryAccountId === null ? 'as a support domain of' : 'of';
  return refused(`directory: Account ${existing.id} exists already, as ${has} not ${asked} ${shown(directory)}; nothing was written`);
}
