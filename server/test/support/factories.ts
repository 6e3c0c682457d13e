// Test data: people with a valid token, and reading the mail they were sent.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export const PASSWORD = 'Souvenir1!';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
  auth: { authorization: string };
}

export function uniqueEmail(prefix = 'person'): string {
  return `${prefix}.${randomBytes(5).toString('hex')}@example.org`;
}

export function signupBody(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail(),
    password: PASSWORD,
    current_language: 'fr-FR',
    opt_in_marketing: false,
    cgu_validated: true,
    cgv_validated: true,
    pdc_validated: true,
    account_type: 'standard',
    ...overrides,
  };
}

export async function login(app: FastifyInstance, email: string, password = PASSWORD) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/login/access-token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username: email, password }).toString(),
  });
}

export async function createUser(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<TestUser> {
  const body = signupBody(overrides);
  const signup = await app.inject({ method: 'POST', url: '/api/v1/users/signup', payload: body });
  if (signup.statusCode !== 201)
    throw new Error(`signup failed: ${signup.statusCode} ${signup.body}`);
  const response = await login(app, body.email as string, body.password as string);
  const token = response.json().access_token as string;
  return {
    id: signup.json().id,
    email: (body.email as string).toLowerCase(),
    password: body.password as string,
    token,
    auth: { authorization: `Bearer ${token}` },
  };
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Waits for the queued mail jobs, then returns the mails sent to `to`, newest first. */
export async function mailsTo(app: FastifyInstance, to: string): Promise<Mail[]> {
  await app.services.queue.drain();
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/dev/mailbox?to=${encodeURIComponent(to)}`,
  });
  return response.json().data as Mail[];
}

export function linkToken(mail: Mail): string {
  const match = /token=([A-Za-z0-9_\-%]+)/.exec(mail.text);
  if (!match) throw new Error(`no token link in ${mail.text}`);
  return decodeURIComponent(match[1]);
}
