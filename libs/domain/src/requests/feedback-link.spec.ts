import { randomBytes } from 'node:crypto';
import { loadSealingKey } from '../webhooks/policies/sealing-key.js';
import { feedbackLinkKey, feedbackLinks, feedbackSignature, isFeedbackSignature, type FeedbackLinkSubject } from './feedback-link.js';
import { trustedAccountId } from '../tenancy/account-id.js';

describe('feedback links', () => {
  const key = feedbackLinkKey(loadSealingKey(undefined, 'test'));
  const subject: FeedbackLinkSubject = { account: 'wdc', requestId: 42, requestedById: 7, answer: 'satisfied' };

  it('signs each of account, request, requested_by person and answer', () => {
    const signature = feedbackSignature(key, subject);
    expect(isFeedbackSignature(key, subject, signature)).toBe(true);
    for (const other of [{ account: 'widget' }, { requestId: 43 }, { requestedById: 8 }, { answer: 'dissatisfied' as const }]) {
      expect(isFeedbackSignature(key, { ...subject, ...other }, signature)).toBe(false);
    }
  });

  it('refuses a signature made under another sealing key, and any other text', () => {
    const other = feedbackLinkKey(loadSealingKey(randomBytes(32).toString('base64'), 'production'));
    expect(isFeedbackSignature(key, subject, feedbackSignature(other, subject))).toBe(false);
    const signature = feedbackSignature(key, subject);
    for (const text of ['', signature.slice(1), `${signature}=`, `${signature}A`, signature.toUpperCase(), 'é'.repeat(22)]) {
      expect(isFeedbackSignature(key, subject, text)).toBe(false);
    }
  });

  it('builds both links under the api base URL, the key never showing in JSON', () => {
    const links = feedbackLinks(key, 'https://tessera.example/v1', { id: 42, account_id: trustedAccountId('wdc'), requested_by_id: 7 });
    expect(links.satisfied_url).toBe(`https://tessera.example/v1/requests/42/feedback?account=wdc&answer=satisfied&sig=${feedbackSignature(key, subject)}`);
    expect(links.dissatisfied_url).toContain('answer=dissatisfied&sig=');
    expect(JSON.stringify({ key })).toBe('{"key":"[FeedbackLinkKey]"}');
  });
});
