import { oauthArtifactsDatabase, sha256 } from '../testing/oauth-artifacts-database.js';
import { deleteExpiredOAuthArtifacts, startOAuthArtifactSweeper, type SweeperLog } from './expired-artifacts.js';

const oauth = oauthArtifactsDatabase();
beforeEach(() => oauth.test.db('oauth_artifacts').delete());

const expire = (ids: string[]) =>
  oauth.test.db('oauth_artifacts').whereIn('id_hash', ids.map(sha256)).update({ expires_at: oauth.test.db.raw("now() - interval '1 second'") });
const remainingIds = async () => (await oauth.test.db('oauth_artifacts').select('id_hash')).map((row: { id_hash: string }) => row.id_hash).sort();

describe('deleteExpiredOAuthArtifacts', () => {
  it('deletes the rows past expires_at, in batches, and keeps live and never-expiring ones', async () => {
    const expired = Array.from({ length: 7 }, (_, i) => `expired-${i}`);
    for (const id of expired) await new oauth.Adapter('AccessToken').upsert(id, { clientId: 'c', grantId: 'g' }, 3600);
    await new oauth.Adapter('AccessToken').upsert('live', { clientId: 'c', grantId: 'g' }, 3600);
    await new oauth.Adapter('Grant').upsert('forever', { accountId: '1', clientId: 'c' });
    await expire(expired);

    expect(await deleteExpiredOAuthArtifacts(oauth.test.db, { batchSize: 3 })).toBe(7);
    expect(await remainingIds()).toEqual([sha256('live'), sha256('forever')].sort());
    expect(await deleteExpiredOAuthArtifacts(oauth.test.db)).toBe(0);
  });

  it('keeps a consumed code until its expiry, so that a replay still finds it consumed, then deletes it', async () => {
    const codes = new oauth.Adapter('AuthorizationCode');
    await codes.upsert('code', { clientId: 'c', grantId: 'g' }, 600);
    await codes.consume('code');
    expect(await deleteExpiredOAuthArtifacts(oauth.test.db)).toBe(0);
    expect(await codes.find('code')).toHaveProperty('consumed');

    await expire(['code']);
    expect(await deleteExpiredOAuthArtifacts(oauth.test.db)).toBe(1);
    expect(await remainingIds()).toEqual([]);
  });
});

describe('startOAuthArtifactSweeper', () => {
  const recorder = () => {
    const lines: Array<{ level: string; context: object; message: string }> = [];
    const log: SweeperLog = {
      info: (context, message) => lines.push({ level: 'info', context, message }),
      warn: (context, message) => lines.push({ level: 'warn', context, message }),
    };
    return { lines, log };
  };
  const until = async (done: () => Promise<boolean>) => {
    const deadline = Date.now() + 5000;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('sweeps at start and again every interval, logging what it deleted, until stopped', async () => {
    const { lines, log } = recorder();
    await new oauth.Adapter('RefreshToken').upsert('first', { clientId: 'c', grantId: 'g' }, 600);
    await expire(['first']);
    const sweeper = startOAuthArtifactSweeper(oauth.test.db, { intervalMs: 50, log });
    try {
      await until(async () => (await remainingIds()).length === 0);
      await new oauth.Adapter('RefreshToken').upsert('second', { clientId: 'c', grantId: 'g' }, 600);
      await expire(['second']);
      await until(async () => (await remainingIds()).length === 0);
    } finally {
      await sweeper.stop();
    }
    expect(lines).toEqual([
      { level: 'info', context: { deleted: 1 }, message: 'deleted expired OAuth artifacts' },
      { level: 'info', context: { deleted: 1 }, message: 'deleted expired OAuth artifacts' },
    ]);

    await new oauth.Adapter('RefreshToken').upsert('after-stop', { clientId: 'c', grantId: 'g' }, 600);
    await expire(['after-stop']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await remainingIds()).toEqual([sha256('after-stop')]);
  });

  it('logs a failed sweep as a warning and keeps going', async () => {
    const { lines, log } = recorder();
    const failing = { raw: () => Promise.reject(new Error('connection lost')) } as unknown as typeof oauth.test.db;
    const sweeper = startOAuthArtifactSweeper(failing, { intervalMs: 20, log });
    await until(async () => lines.length >= 2);
    await sweeper.stop();
    expect(lines[0]).toEqual({ level: 'warn', context: { err: new Error('connection lost') }, message: 'sweep of expired OAuth artifacts failed; the next one retries' });
    expect(lines[1]!.level).toBe('warn');
  });
});
