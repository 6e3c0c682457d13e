// The account the browser benches start from: a standard French account, signed in, its required
// onboarding questions answered. Each bench brings its own way of calling the API.
export const BENCH_PASSWORD = 'Souvenir1!';

/**
 * @param {{
 *   api: (token: string | null, method: string, path: string, body?: unknown) => Promise<any>,
 *   signIn: (email: string, password: string) => Promise<string>,
 * }} client
 * @param {string} prefix the start of the account's email address
 * @returns {Promise<{ email: string, token: string }>}
 */
export async function onboardedAccount({ api, signIn }, prefix) {
  const email = `${prefix}.${Date.now()}@example.org`;
  await api(null, 'POST', '/users/signup', {
    email,
    password: BENCH_PASSWORD,
    current_language: 'fr-FR',
    opt_in_marketing: false,
    cgu_validated: true,
    cgv_validated: true,
    pdc_validated: true,
    account_type: 'standard',
    full_name: 'Jeanne Martin',
  });
  const token = await signIn(email, BENCH_PASSWORD);
  const questions = await api(
    token,
    'GET',
    '/onboardings/questions?skip=0&limit=100&questions_status=unanswered',
  );
  for (const q of questions.data.filter((q) => q.is_answer_required)) {
    const answer = q.answer_input_type === 'text' ? 'En 1941, à Lyon' : q.valid_answers[0];
    await api(token, 'POST', '/onboardings/answers', { question_id: q.question_id, answer });
  }
  return { email, token };
}
