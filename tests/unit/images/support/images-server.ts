// A chapter with pictures as the server holds it, behind the fetch mock: the image calls change it, so
// the refetch after each change shows what the server now has.
import type { ChapterImageWire, ConversationWire } from '../../../../src/lib/conversation-query';
import { jsonReply, mockFetch, type RecordedCall } from '../../support/fetch-mock';
import { signInAs, testUserWire } from '../../support/render-app';

export const ID = '0b0c2f7e-0000-4000-8000-0000000000d1';
export const BASE = `/api/v1/conversations/${ID}`;
export const UPDATED_AT = '2025-03-01T10:00:00.000Z';

type Reply = ReturnType<typeof jsonReply> | 'network-error';
export type Route = Reply | ((call: RecordedCall) => Reply | Promise<Reply>);

export function picture(
  n: number,
  position: number,
  legend: string | null = null,
  origin: 'photo' | 'illustration' = 'illustration',
): ChapterImageWire {
  return { id: `img-${n}`, url: `/files/img-${n}.jpg`, legend, position, origin };
}

export function chapter(images: ChapterImageWire[], title: string | null = 'La maison de Lyon') {
  return {
    id: ID,
    title_infos: { title },
    keywords_infos: { keywords: [] },
    summary_infos: { summary: 'Il était une fois.', allowed_actions: [], warnings: [] },
    images,
    created_at: '2025-03-01T09:00:00.000Z',
    updated_at: UPDATED_AT,
    conv_author: null,
    chat_count: 6,
  } satisfies ConversationWire;
}

export function imagesServer(
  options: {
    images?: ChapterImageWire[];
    title?: string | null;
    extra?: Record<string, Route>;
  } = {},
) {
  signInAs();
  const state = { images: [...(options.images ?? [])], generated: 0 };
  const renumber = () =>
    state.images
      .sort((a, b) => a.position - b.position)
      .forEach((image, index) => (image.position = index + 1));
  const routes: Record<string, Route> = {
    'GET /api/v1/users/me': jsonReply(testUserWire),
    'GET /healthz': 'network-error',
    [`GET ${BASE}`]: () => jsonReply(chapter(state.images, options.title)),
    [`POST ${BASE}/images`]: () => {
      state.generated += 1;
      const image = {
        ...picture(100 + state.generated, state.images.length + 1),
        thumbnail_url: `/files/thumb-${state.generated}.jpg`,
      };
      state.images.push({ id: image.id, url: image.url, legend: null, position: image.position });
      all[`PATCH ${BASE}/images/${image.id}`] ??= (call) => {
        const body = JSON.parse(call.body ?? '{}') as { position?: number; legend?: string };
        const moved = state.images.find((i) => i.id === image.id)!;
        if (body.legend !== undefined) moved.legend = body.legend;
        if (body.position !== undefined) {
          // The others shift (api.md § Images).
          const others = state.images.filter((i) => i.id !== image.id);
          others.splice(body.position - 1, 0, moved);
          others.forEach((i, index) => (i.position = index + 1));
          state.images = others;
        }
        return jsonReply({ ...moved, thumbnail_url: '/files/thumb.jpg' });
      };
      deleteRoute(image.id);
      return jsonReply(image, 201);
    },
  };
  const all: Record<string, Route> = { ...routes };
  function deleteRoute(imageId: string) {
    all[`DELETE ${BASE}/images/${imageId}`] ??= () => {
      state.images = state.images.filter((i) => i.id !== imageId);
      renumber();
      return jsonReply({ message: 'deleted' });
    };
  }
  for (const image of options.images ?? []) deleteRoute(image.id);
  Object.assign(all, options.extra);
  const net = mockFetch(all);
  return { net, state };
}
