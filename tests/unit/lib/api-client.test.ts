// The fetch wrapper: URL and headers, body kinds, one ApiError with a reason, and connectivity reports.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/offline/connectivity', () => ({
  reportNetworkFailure: vi.fn(),
  reportNetworkSuccess: vi.fn(),
  useConnectivity: () => ({ online: true }),
}));

import { ApiError, apiRequest, reasonForStatus } from '../../../src/lib/api-client';
import { initI18n, setLanguage } from '../../../src/lib/i18n';
import { clearSession, startSession, userFromWire } from '../../../src/lib/session';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../src/offline/connectivity';
import { jsonReply, mockFetch } from '../support/fetch-mock';
import { testUserWire } from '../support/render-app';

beforeAll(async () => {
  await initI18n();
});

afterEach(async () => {
  clearSession();
  await setLanguage('fr', { remember: false });
});

describe('apiRequest', () => {
  it('calls /api/v1 with the stored bearer token, the language and the query', async () => {
    startSession('stored-token', userFromWire(testUserWire));
    const net = mockFetch({ 'GET /api/v1/conversations': jsonReply({ data: [], count: 0 }) });
    const answer = await apiRequest('/conversations', {
      query: { sort_by: 'created_at', include_summaries: true, skip: undefined },
    });
    expect(answer).toEqual({ data: [], count: 0 });
    const [call] = net.calls;
    expect(call.headers.get('Authorization')).toBe('Bearer stored-token');
    expect(call.headers.get('Accept-Language')).toBe('fr-FR');
    expect(call.query.toString()).toBe('sort_by=created_at&include_summaries=true');
    expect(reportNetworkSuccess).toHaveBeenCalled();
  });

  it('sends JSON, form-encoded bodies and the Idempotency-Key', async () => {
    const net = mockFetch({
      'POST /api/v1/login/access-token': jsonReply({ access_token: 't' }),
      'POST /api/v1/conversations/c1/messages': jsonReply({ id: 'm1' }),
    });
    await apiRequest('/login/access-token', {
      method: 'POST',
      form: { username: 'a@b.fr', password: 'p&w' },
      token: null,
    });
    await apiRequest('/conversations/c1/messages', {
      method: 'POST',
      json: { content: 'Bonjour' },
      idempotencyKey: 'op-1',
    });
    const [login, message] = net.calls;
    expect(login.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(login.body).toBe('username=a%40b.fr&password=p%26w');
    expect(login.headers.has('Authorization')).toBe(false);
    expect(message.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(message.body ?? '')).toEqual({ content: 'Bonjour' });
    expect(message.headers.get('Idempotency-Key')).toBe('op-1');
  });

  it('sends the English locale once the interface is English', async () => {
    await setLanguage('en', { remember: false });
    const net = mockFetch({ 'GET /api/v1/config': jsonReply({}) });
    await apiRequest('/config');
    expect(net.calls[0].headers.get('Accept-Language')).toBe('en-US');
  });

  it('throws one ApiError carrying the status, reason and detail list', async () => {
    mockFetch({
      'POST /api/v1/conversations': {
        status: 402,
        json: { detail: [{ type: 'quota_exceeded', msg: 'Plus de chapitre gratuit' }] },
      },
    });
    const error = await apiRequest('/conversations', { method: 'POST' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(402);
    expect(apiError.reason).toBe('payment_required');
    expect(apiError.type).toBe('quota_exceeded');
    expect(apiError.message).toBe('Plus de chapitre gratuit');
  });

  it('reads Retry-After on 429', async () => {
    mockFetch({
      'POST /api/v1/login/access-token': {
        status: 429,
        json: { detail: [] },
        headers: { 'Retry-After': '42' },
      },
    });
    const error = (await apiRequest('/login/access-token', { method: 'POST' }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error.reason).toBe('rate_limited');
    expect(error.retryAfter).toBe(42);
  });

  it('keeps a string detail as the message, without a detail list', async () => {
    mockFetch({ 'GET /api/v1/books': { status: 400, json: { detail: 'Mauvaise requête' } } });
    const error = (await apiRequest('/books').catch((e: unknown) => e)) as ApiError;
    expect(error.details).toEqual([]);
    expect(error.message).toBe('Mauvaise requête');
  });

  it('turns a failed fetch into a network ApiError and reports the failure', async () => {
    mockFetch({ 'GET /api/v1/books': 'network-error' });
    const error = (await apiRequest('/books').catch((e: unknown) => e)) as ApiError;
    expect(error.reason).toBe('network');
    expect(error.status).toBeNull();
    expect(reportNetworkFailure).toHaveBeenCalled();
  });

  it('returns undefined for an empty answer', async () => {
    mockFetch({ 'DELETE /api/v1/books/b1': { status: 204 } });
    await expect(apiRequest('/books/b1', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});

describe('reasonForStatus', () => {
  it('maps statuses to reasons', () => {
    expect(reasonForStatus(401)).toBe('unauthorized');
    expect(reasonForStatus(403)).toBe('unauthorized');
    expect(reasonForStatus(404)).toBe('not_found');
    expect(reasonForStatus(409)).toBe('conflict');
    expect(reasonForStatus(422)).toBe('validation');
    expect(reasonForStatus(429)).toBe('rate_limited');
    expect(reasonForStatus(503)).toBe('server');
    expect(reasonForStatus(418)).toBe('unknown');
  });
});
