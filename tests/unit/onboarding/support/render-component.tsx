// Renders one component with the app's query client, translations and a memory router around it (for
// sections the route table does not mount yet, such as the profile's parts).
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ModalRoot } from '../../../../src/components/ui/modal';
import { Toaster } from '../../../../src/components/ui/toaster';
import { queryClient } from '../../../../src/lib/query-client';

export function renderComponent(element: ReactNode, path = '/profile') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <div id="app-content">{element}</div>
            <ModalRoot />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { router, ...view };
}
