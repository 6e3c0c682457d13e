// The profile page with its onboarding sections mounted where it leaves room for them: the completion
// checklist first, the answers tables after the account settings (as the /profile route will pass them).
import { screen } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import { CompletionChecklist } from '../../../src/features/chapters/components/completion';
import { OnboardingAnswers } from '../../../src/features/onboarding/components/onboarding-answers';
import { ProfilePage } from '../../../src/features/profile/components/profile-page';
import { reportNetworkSuccess } from '../../../src/offline/connectivity';
import { errorReply, jsonReply, mockFetch } from '../support/fetch-mock';
import { resetApp, signInAs } from '../support/render-app';
import { answer, birthQuestion, list, questions } from './fixtures';
import { renderComponent } from './support/render-component';

beforeEach(async () => {
  await resetApp();
  reportNetworkSuccess();
  signInAs();
});

it('shows the checklist at the top and the answers tables below the account settings', async () => {
  mockFetch({
    'GET /api/v1/onboardings/answers': jsonReply(list([answer(birthQuestion, '1942')])),
    'GET /api/v1/onboardings/questions': jsonReply(list(questions)),
    'GET /api/v1/conversations': jsonReply(list([])),
    'GET /api/v1/books': errorReply(404),
  });
  renderComponent(
    <ProfilePage
      completion={<CompletionChecklist hasOnboardingAnswers={true} />}
      onboardingAnswers={<OnboardingAnswers />}
    />,
  );
  await screen.findByText('1 étape accomplie sur 3', undefined, { timeout: 3000 });
  await screen.findByText('1942');
  const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
  expect(headings.indexOf('Votre progression')).toBeLessThan(headings.indexOf('Mes informations'));
  expect(headings.indexOf('Mes informations')).toBeLessThan(
    headings.indexOf("Mes réponses aux questions d'accueil"),
  );
  expect(headings.indexOf("Mes réponses aux questions d'accueil")).toBeLessThan(
    headings.indexOf('Session et compte'),
  );
});
