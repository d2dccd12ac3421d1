import { describeWorkerSettings, workerEnv } from './worker-settings.js';

const settings = { maxInFlight: 64, maxInFlightPerWebhook: 16, concurrency: null, mailConcurrency: null };

describe('the settings the bench passes to a worker', () => {
  it('gives the in-flight caps and leaves the job and mail concurrency to the worker unless set', () => {
    const env = workerEnv(settings);
    expect(env).toMatchObject({ WEBHOOK_MAX_IN_FLIGHT: '64', WEBHOOK_MAX_IN_FLIGHT_PER_WEBHOOK: '16' });
    expect(Object.keys(env)).not.toEqual(expect.arrayContaining(['WORKER_CONCURRENCY']));
    expect(env['MAIL_CONCURRENCY']).toBeUndefined();
    expect(env['SMTP_URL']).toBeUndefined();
    expect(env['MAILBOX_DIR']).toMatch(/tessera-bench-mailbox-/);
  });

  it('passes what the bench was told, and the SMTP server of a mail run', () => {
    expect(workerEnv({ ...settings, concurrency: 12, mailConcurrency: 2 }, 'smtp://127.0.0.1:2525')).toMatchObject({ WORKER_CONCURRENCY: '12', MAIL_CONCURRENCY: '2', SMTP_URL: 'smtp://127.0.0.1:2525' });
  });

  it('prints every setting, saying which are the worker default', () => {
    expect(describeWorkerSettings({ ...settings, concurrency: 8 })).toBe(
      'WEBHOOK_MAX_IN_FLIGHT=64, WEBHOOK_MAX_IN_FLIGHT_PER_WEBHOOK=16, WORKER_CONCURRENCY=8, MAIL_CONCURRENCY unset (the worker\'s default), WEBHOOK_ALLOWED_NETWORKS=127.0.0.0/8, SMTP_URL only in the mail runs',
    );
  });
});
