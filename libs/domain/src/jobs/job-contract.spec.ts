import { JOBS, JOB_SCHEMAS, parseJobPayload, queuedJob } from './job-contract.js';

describe('the job contract', () => {
  it('names every task it has a schema for, and no other', () => {
    expect(Object.values(JOBS).sort()).toEqual(Object.keys(JOB_SCHEMAS).sort());
  });

  it('gives the consumer back exactly what the producer queued', () => {
    const job = queuedJob(JOBS.requestWaitingUntil, { account_id: 'wdc', request_id: 7 }, { jobKey: 'k' });
    expect(job).toEqual({ task: 'request-waiting-until', payload: { account_id: 'wdc', request_id: 7 }, jobKey: 'k' });
    expect(parseJobPayload(job.task, JSON.parse(JSON.stringify(job.payload)))).toEqual({ ok: true, payload: { account_id: 'wdc', request_id: 7 } });
  });

  it('names the fields a payload gets wrong', () => {
    const parsed = parseJobPayload(JOBS.sendMail, { subject: 'No recipient', text: 'x' });
    expect(parsed).toEqual({ ok: false, reason: expect.stringMatching(/^to: /) });
    expect(parseJobPayload(JOBS.webhookEvent, { event: 'request.update' })).toEqual({ ok: false, reason: expect.stringContaining('account_id') });
  });
});
