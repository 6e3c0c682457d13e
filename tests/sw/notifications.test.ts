// What a Web Push payload becomes in the service worker, and which page a tap may open.
import { describe, expect, it } from 'vitest';
import { notificationFor, sameOriginUrl } from '../../sw/notifications';

const origin = 'https://chapitres.example';

describe('notificationFor', () => {
  it('shows the title and body and keeps the url to open', () => {
    const shown = notificationFor(
      JSON.stringify({
        title: 'Marie vous demande',
        body: 'Comment as-tu rencontré papa ?',
        url: `${origin}/?action=new-chapter`,
      }),
      origin,
    );
    expect(shown.title).toBe('Marie vous demande');
    expect(shown.options.body).toBe('Comment as-tu rencontré papa ?');
    expect(shown.options.data.url).toBe(`${origin}/?action=new-chapter`);
  });

  it('falls back on the app for an empty or broken payload', () => {
    for (const text of [null, '', 'not json', '{"title":42}']) {
      const shown = notificationFor(text, origin);
      expect(shown.title).toBe('Chapitres');
      expect(shown.options.data.url).toBe(`${origin}/`);
    }
  });
});

describe('sameOriginUrl', () => {
  it('never opens another site', () => {
    expect(sameOriginUrl('https://evil.example/x', origin)).toBe(`${origin}/`);
    expect(sameOriginUrl('javascript:alert(1)', origin)).toBe(`${origin}/`);
    expect(sameOriginUrl('/circles/1/chapters/2', origin)).toBe(`${origin}/circles/1/chapters/2`);
  });
});
