// Renders the real route table in a memory router with the app's providers, for route and screen tests.
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../../../src/app/router';
import { Toaster } from '../../../src/components/ui/toaster';
import { initI18n, loadAllNamespaces, setLanguage } from '../../../src/lib/i18n';
import { forgetPublicConfig } from '../../../src/lib/public-config';
import { queryClient } from '../../../src/lib/query-client';
import { clearSession, startSession, userFromWire, type UserWire } from '../../../src/lib/session';
import { resetToasts } from '../../../src/lib/toast';

export const testUserWire: UserWire = {
  id: '6f1c2f7e-0000-4000-8000-000000000001',
  full_name: 'Jeanne Martin',
  email: 'jeanne@example.org',
  email_verified: true,
  is_cgu_valid: true,
  is_cgv_valid: true,
  is_pdc_valid: true,
  account_type: 'standard',
  current_language: 'fr-FR',
  opt_in_marketing: false,
  opt_in_tracking: false,
  free_chapters_allowed: 3,
};

export function signInAs(wire: Partial<UserWire> = {}): void {
  startSession('test-token', userFromWire({ ...testUserWire, ...wire }));
}

export async function resetApp(): Promise<void> {
  await initI18n();
  await setLanguage('fr', { remember: false });
  // As a signed-in page does before it renders (src/app/router.tsx): components tested on their own
  // find every text at once.
  await loadAllNamespaces();
  clearSession();
  queryClient.clear();
  forgetPublicConfig();
  resetToasts();
}

export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { router, ...view };
}
