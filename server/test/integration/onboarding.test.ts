// Onboarding end to end: the seeded questions in each language with their ids and choices, the
// questions_status filter, answers CRUD and every bad answer.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/build.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { PROFILE_QUESTION_IDS } from '../../src/providers/interviewer/profile.ts';
import { THEME_OPTIONS } from '../../src/providers/interviewer/themes.ts';
import { NAME_USE_OPTIONS } from '../../src/providers/interviewer/address.ts';

const ctx = useTestApp();

function expectError(
  response: {
    statusCode: number;
    body: string;
    json(): { detail: { type: string; loc?: unknown[] }[] };
  },
  status: number,
  type: string,
  loc?: unknown[],
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().detail[0].type).toBe(type);
  if (loc) expect(response.json().detail[0].loc).toEqual(loc);
}

const questions = (user: TestUser, query = '') =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/onboardings/questions${query}`,
    headers: user.auth,
  });
const answer = (user: TestUser, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/onboardings/answers',
    headers: user.auth,
    payload: payload as object,
  });
const answers = (user: TestUser) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/v1/onboardings/answers?skip=0&limit=100&get_all_users_and_languages=false',
    headers: user.auth,
  });

describe('questions', () => {
  it('serves the eight seeded questions in French with the interviewer’s ids and choices', async () => {
    const user = await createUser(ctx.app);
    const response = await questions(user, '?skip=0&limit=100&questions_status=unanswered');
    expect(response.statusCode).toBe(200);
    const { data, count } = response.json();
    expect(count).toBe(8);
    expect(data.map((q: { question_id: string }) => q.question_id)).toEqual([
      ...PROFILE_QUESTION_IDS,
    ]);
    expect(data.map((q: { question_number: number }) => q.question_number)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8,
    ]);
    const themes = data.find((q: { question_id: string }) => q.question_id === 'themes');
    expect(themes).toMatchObject({
      answer_input_type: 'checkbox',
      is_custom_answer_allowed: true,
      language: 'fr',
      answer_id: null,
    });
    expect(themes.valid_answers).toEqual(THEME_OPTIONS.map((t) => t.fr));
    expect(themes.valid_answers.join(', ').length).toBeLessThanOrEqual(255);
    const nameUse = data.find((q: { question_id: string }) => q.question_id === 'name_use');
    expect(nameUse.valid_answers).toEqual(NAME_USE_OPTIONS.map((o) => o.fr));
    for (const q of data) {
      expect(Object.keys(q).sort()).toEqual([
        'answer_id',
        'answer_input_type',
        'example_answer',
        'is_answer_required',
        'is_custom_answer_allowed',
        'language',
        'question',
        'question_id',
        'question_number',
        'valid_answers',
      ]);
      expect(q.question.length).toBeGreaterThan(10);
    }
  });

  it('serves English to English speakers', async () => {
    const user = await createUser(ctx.app, { current_language: 'en-US' });
    const { data } = (await questions(user)).json();
    expect(data[0]).toMatchObject({
      question_id: 'birth',
      language: 'en',
      question: 'In what year and in what town were you born?',
    });
    expect(
      data.find((q: { question_id: string }) => q.question_id === 'themes').valid_answers,
    ).toEqual(THEME_OPTIONS.map((t) => t.en));
  });

  it('filters answered and unanswered questions and pages them', async () => {
    const user = await createUser(ctx.app);
    const created = await answer(user, { question_id: 'birth', answer: 'En 1946, à Brest' });
    expect(created.statusCode).toBe(201);
    const answered = (await questions(user, '?questions_status=answered')).json();
    expect(answered.count).toBe(1);
    expect(answered.data[0]).toMatchObject({ question_id: 'birth', answer_id: created.json().id });
    const unanswered = (
      await questions(user, '?questions_status=unanswered&skip=2&limit=3')
    ).json();
    expect(unanswered.count).toBe(7);
    expect(unanswered.data.map((q: { question_id: string }) => q.question_id)).toEqual([
      'work',
      'themes',
      'audience',
    ]);
    expect((await questions(user, '?questions_status=all')).json().count).toBe(8);
    expectError(await questions(user, '?questions_status=some'), 422, 'validation_error');
    expectError(await questions(user, '?limit=500'), 422, 'validation_error');
  });
});

describe('answers', () => {
  it('creates, lists, replaces, edits and deletes answers', async () => {
    const user = await createUser(ctx.app);
    const first = await answer(user, { question_id: 'work', answer: '  Boulangère à Brest  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      question_id: 'work',
      answer: 'Boulangère à Brest',
      question: 'Quel a été votre métier, votre vie de travail ?',
    });
    // One answer per question: answering again replaces it (200, same id).
    const again = await answer(user, { question_id: 'work', answer: 'Boulangère puis pâtissière' });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    await answer(user, { question_id: 'speaking', answer: 'Les deux' });
    await answer(user, { question_id: 'themes', answer: 'Enfance, Voyages, la mer' });
    const list = (await answers(user)).json();
    expect(list.count).toBe(3);
    expect(list.data.map((a: { question_id: string }) => a.question_id)).toEqual([
      'work',
      'themes',
      'speaking',
    ]);
    const id = first.json().id;
    const edited = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/onboardings/answers/${id}`,
      headers: user.auth,
      payload: { answer: 'Boulangère' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().answer).toBe('Boulangère');
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/onboardings/answers/${id}`,
      headers: user.auth,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await answers(user)).json().count).toBe(2);
    expectError(
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/onboardings/answers/${id}`,
        headers: user.auth,
      }),
      404,
      'not_found',
    );
  });

  it('refuses unknown questions, bad lengths, invalid radio answers and bad bodies', async () => {
    const user = await createUser(ctx.app);
    expectError(
      await answer(user, { question_id: 'favourite_colour', answer: 'Bleu' }),
      422,
      'validation_error',
      ['body', 'question_id'],
    );
    expectError(
      await answer(user, { question_id: 'birth', answer: 'x'.repeat(256) }),
      422,
      'validation_error',
      ['body', 'answer'],
    );
    expectError(
      await answer(user, { question_id: 'birth', answer: '   ' }),
      422,
      'validation_error',
      ['body', 'answer'],
    );
    expect(
      (await answer(user, { question_id: 'birth', answer: ` ${'x'.repeat(255)} ` })).statusCode,
    ).toBe(201);
    expectError(
      await answer(user, { question_id: 'speaking', answer: 'En chantant' }),
      422,
      'validation_error',
      ['body', 'answer'],
    );
    // A choice in the other language stays valid (the person may have switched languages).
    expect((await answer(user, { question_id: 'speaking', answer: 'Out loud' })).statusCode).toBe(
      201,
    );
    // A radio question that allows a custom answer takes free text.
    expect((await answer(user, { question_id: 'name_use', answer: 'Mamie Jo' })).statusCode).toBe(
      201,
    );
    expectError(await answer(user, { question_id: 'birth' }), 422, 'validation_error');
    expectError(
      await answer(user, { question_id: 'birth', answer: 1946 }),
      422,
      'validation_error',
    );
    expectError(
      await answer(user, { question_id: 'birth', answer: 'x', extra: true }),
      422,
      'validation_error',
    );
    const [speaking] = (await answers(user))
      .json()
      .data.filter((a: { question_id: string }) => a.question_id === 'speaking');
    expectError(
      await ctx.app.inject({
        method: 'PATCH',
        url: `/api/v1/onboardings/answers/${speaking.id}`,
        headers: user.auth,
        payload: { answer: 'Par télépathie' },
      }),
      422,
      'validation_error',
    );
  });

  it('keeps answers private: another person’s or a malformed id is 404', async () => {
    const owner = await createUser(ctx.app);
    const other = await createUser(ctx.app);
    const id = (await answer(owner, { question_id: 'birth', answer: '1950' })).json().id;
    expect((await answers(other)).json()).toEqual({ data: [], count: 0 });
    for (const target of [id, 'nope', '00000000-0000-4000-8000-000000000000']) {
      expectError(
        await ctx.app.inject({
          method: 'PATCH',
          url: `/api/v1/onboardings/answers/${target}`,
          headers: other.auth,
          payload: { answer: 'x' },
        }),
        404,
        'not_found',
      );
      expectError(
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/v1/onboardings/answers/${target}`,
          headers: other.auth,
        }),
        404,
        'not_found',
      );
    }
    expect((await answers(owner)).json().data[0].answer).toBe('1950');
    expectError(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/onboardings/questions' }),
      401,
      'not_authenticated',
    );
  });
});
