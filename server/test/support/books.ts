// Builders for book tests: a person with full access and titled, written chapters with pictures.
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { createUser, type TestUser } from './factories.ts';
import { multipart } from './multipart.ts';

export const CHAPTER_TEXT = [
  "Je suis née en 1932 à Douarnenez, dans une petite maison de pêcheur. Mon père partait en mer avant l'aube ; ma mère tenait l'épicerie du port.",
  'Ma grand-mère Louise disait : "Le bonheur, c\'est simple..." Elle avait raison !',
  "Nous étions six enfants. L'hiver, on se serrait autour du poêle et on écoutait la radio.",
].join('\n\n');

export function photo(width = 900, height = 600, color = '#8a5a44'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

export async function fullAccessUser(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
) {
  const user = await createUser(app, overrides);
  await app.services.premium.grant(user.id, 12);
  return user;
}

export async function uploadTo(
  app: FastifyInstance,
  user: TestUser,
  url: string,
  data: Buffer,
  legend?: string,
): Promise<{ id: string }> {
  const body = multipart([
    { name: 'file', filename: 'photo.jpg', contentType: 'image/jpeg', data },
    ...(legend ? [{ name: 'legend', value: legend }] : []),
  ]);
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { ...user.auth, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A chapter with a title, a text and `pictures` captioned photos; its id and its pictures' ids. */
export async function writtenChapter(
  app: FastifyInstance,
  user: TestUser,
  title: string | null,
  pictures = 1,
  text: string = CHAPTER_TEXT,
): Promise<{ id: string; imageIds: string[] }> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/conversations',
    headers: user.auth,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  const patch = await app.inject({
    method: 'PATCH',
    url: `/api/v1/conversations/${id}`,
    headers: user.auth,
    payload: { ...(title !== null ? { title } : {}), summary: text },
  });
  expect(patch.statusCode, patch.body).toBe(200);
  const imageIds: string[] = [];
  for (let i = 0; i < pictures; i++) {
    const image = await uploadTo(
      app,
      user,
      `/api/v1/conversations/${id}/images`,
      await photo(900, 600 + i * 100),
      `Photo ${i + 1} : la maison "du port"`,
    );
    imageIds.push(image.id);
  }
  return { id, imageIds };
}

export function bookBody(conversationIds: string[], overrides: Record<string, unknown> = {}) {
  return {
    title: 'Une vie en Bretagne',
    subtitle: 'Souvenirs de Jeanne',
    author: 'Jeanne Martin',
    conversation_ids: conversationIds,
    summary: "L'histoire de Jeanne, de Douarnenez à aujourd'hui.",
    dedication: 'À mes petits-enfants.',
    front_cover_image_id: null,
    back_cover_image_id: null,
    ...overrides,
  };
}

/** Fetches a signed file URL from the app itself (disk storage). */
export async function download(app: FastifyInstance, url: string): Promise<Buffer> {
  const path = url.replace(/^https?:\/\/[^/]+/, '');
  const response = await app.inject({ method: 'GET', url: path });
  expect(response.statusCode, path).toBe(200);
  return response.rawPayload;
}
