// page_view paths: the route's shape only, no ids, no tokens, no query string.
import { describe, expect, it } from 'vitest';
import { normalisePath } from '../../../src/features/privacy/page-path';

describe('normalisePath', () => {
  it.each([
    ['/', '/'],
    ['/books', '/books'],
    ['/profile?tab=1#top', '/profile'],
    ['/conversations/6f1c2f7e-0000-4000-8000-000000000001', '/conversations/:id'],
    ['/conversations/42/chat', '/conversations/:id/chat'],
    ['/conversations/abc/images', '/conversations/:id/images'],
    ['/conversations/x1/share', '/conversations/:id/share'],
    ['/conversations/book/create', '/conversations/book/create'],
    ['/book/9b2d7c1e-1111-4222-8333-444455556666', '/book/:id'],
    ['/email-validation/eyJhbGciOi.secret.token', '/email-validation/:token'],
    ['/email-validation?token=abc', '/email-validation'],
    ['/reset-password?token=secret', '/reset-password'],
    ['/s/Zx9kQ2mP7rT4', '/s/:id'],
    ['/lost/123456/a1b2c3d4e5f6a7b8c9', '/lost/:id/:id'],
  ])('%s -> %s', (input, expected) => {
    expect(normalisePath(input)).toBe(expected);
  });
});
