// The chat screen as a journey sees it: the main button by its words, the answer box, the state the
// screen is in, the biographer's audio, and the chapter's messages on the server.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Account } from './accounts';

export type ChatStateName = 'user-can-talk' | 'user-talking' | 'user-updating' | 'bot-talking';

export const MAIN_LABELS: Record<ChatStateName, string> = {
  'user-can-talk': 'RÉPONDRE',
  'user-talking': 'ARRÊTER',
  'user-updating': 'ENVOYER',
  'bot-talking': 'INTERROMPRE',
};

export function chatPage(page: Page) {
  const panel = page.locator('section[data-state]');
  const self = {
    panel,
    answer: page.getByRole('textbox', { name: 'Votre réponse' }),
    main: (state: ChatStateName) =>
      page.getByRole('button', { name: MAIN_LABELS[state], exact: true }),
    control: (name: string) =>
      page.getByRole('group', { name: 'Commandes de la conversation' }).getByRole('button', {
        name,
        exact: true,
      }),
    countdown: page.getByRole('progressbar', { name: 'Envoi automatique' }),
    /** Waits until the screen is in `state`, with its button saying so. */
    async expectState(state: ChatStateName, timeout = 30_000) {
      await expect(panel).toHaveAttribute('data-state', state, { timeout });
      await expect(self.main(state)).toBeVisible();
    },
    /** What the <audio> element holds: it must have loaded a WAV that lasts. */
    audio: () =>
      page.locator('audio').evaluate((audio: HTMLAudioElement) => ({
        src: audio.currentSrc,
        readyState: audio.readyState,
        duration: audio.duration,
        paused: audio.paused,
        error: audio.error?.code ?? null,
      })),
    async expectAudioPlaying() {
      await expect
        .poll(async () => {
          const audio = await self.audio();
          return audio.readyState >= 2 && audio.duration > 0.3 && !audio.paused && !audio.error;
        })
        .toBe(true);
      expect((await self.audio()).src).toMatch(/^blob:/);
    },
  };
  return self;
}

interface MessageWire {
  type: 'user' | 'assistant';
  content: string;
}

export async function chatMessages(
  request: APIRequestContext,
  account: Account,
  conversationId: string,
): Promise<MessageWire[]> {
  const response = await request.get(
    `/api/v1/conversations/${conversationId}/messages?skip=0&limit=100`,
    { headers: { authorization: `Bearer ${account.token}` } },
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: MessageWire[] }).data;
}

/** The answer's draft as the app keeps it in IndexedDB (Dexie database "chapitres", table drafts). */
export function storedDraft(page: Page, conversationId: string): Promise<string | null> {
  return page.evaluate(
    (key) =>
      new Promise<string | null>((resolve, reject) => {
        const open = indexedDB.open('chapitres');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const get = db.transaction('drafts').objectStore('drafts').get(key);
          get.onsuccess = () => {
            resolve((get.result as { value?: string } | undefined)?.value ?? null);
            db.close();
          };
          get.onerror = () => reject(get.error);
        };
      }),
    `chat:${conversationId}`,
  );
}
