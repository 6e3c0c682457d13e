// Journey helpers for the list page and onboarding: answers and chapters made through the real API, and
// the wizard walked through its screens.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Account } from './accounts';

interface QuestionWire {
  question_id: string;
  question: string;
  valid_answers: string[];
  answer_input_type: string;
  is_answer_required: boolean;
}

function auth(account: Account) {
  return { authorization: `Bearer ${account.token}` };
}

export async function unansweredQuestions(
  request: APIRequestContext,
  account: Account,
): Promise<QuestionWire[]> {
  const response = await request.get(
    '/api/v1/onboardings/questions?skip=0&limit=100&questions_status=unanswered',
    { headers: auth(account) },
  );
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: QuestionWire[] }).data;
}

/** Answers the required questions through the API, so the account goes straight to the list. */
export async function answerRequiredQuestions(
  request: APIRequestContext,
  account: Account,
): Promise<void> {
  for (const question of await unansweredQuestions(request, account)) {
    if (!question.is_answer_required) continue;
    const answer =
      question.answer_input_type === 'text'
        ? 'En 1946, à Saint-Étienne'
        : question.valid_answers[0];
    const response = await request.post('/api/v1/onboardings/answers', {
      headers: auth(account),
      data: { question_id: question.question_id, answer },
    });
    expect(response.ok(), await response.text()).toBe(true);
  }
}

/** Creates a chapter through the API (the server writes the biographer's opening message). */
export async function createChapterByApi(
  request: APIRequestContext,
  account: Account,
  author?: string,
): Promise<string> {
  const query = author ? `?conv_author=${encodeURIComponent(author)}` : '';
  const response = await request.post(`/api/v1/conversations${query}`, { headers: auth(account) });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/**
 * Answers the chapter's first question: a chapter counts against the free chapters at its first
 * answer, not when it is opened (docs/api.md, Free chapters).
 */
export async function answerChapterByApi(
  request: APIRequestContext,
  account: Account,
  id: string,
  content = 'Je suis née à Douarnenez, au bord de la mer.',
): Promise<void> {
  const response = await request.post(`/api/v1/conversations/${id}/messages`, {
    headers: auth(account),
    data: { content },
  });
  expect(response.status(), await response.text()).toBe(200);
}

export async function onboardingAnswers(
  request: APIRequestContext,
  token: string,
): Promise<{ question_id: string; answer: string }[]> {
  const response = await request.get('/api/v1/onboardings/answers?skip=0&limit=100', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { question_id: string; answer: string }[] }).data;
}

/** The signed-in page's token, as the app keeps it. */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('chapitres.token'));
  if (!token) throw new Error('Not signed in');
  return token;
}

/** The wizard's "next" button for whichever step is on screen. */
export function nextButton(page: Page) {
  return page.getByRole('button', { name: /^(Commencer|Suivant|Terminer|Start|Next|Finish)$/ });
}

/** Walks the rest of the wizard answering only what is required, then finishes. */
export async function finishOnboarding(page: Page): Promise<void> {
  const progress = page.getByText(/^Étape \d+ sur \d+$/);
  for (let guard = 0; guard < 30; guard += 1) {
    const step = await progress.textContent();
    if (await page.getByText('Réponse obligatoire').isVisible()) {
      const textbox = page.getByRole('main').getByRole('textbox').first();
      if ((await textbox.count()) > 0 && (await textbox.inputValue()) === '') {
        await textbox.fill('En 1946, à Saint-Étienne');
      }
    }
    const next = nextButton(page);
    const finishing = (await next.textContent())?.trim() === 'Terminer';
    await next.click();
    if (finishing) break;
    await expect(progress).not.toHaveText(step ?? '');
  }
  await expect(page).toHaveURL(/\/$/);
}
