// The query layer (src/app/data-layer.tsx), loaded with the pages that read data: queries wait while the
// copy kept in localStorage is read back, show it, and the copy is read once a visit however often the
// layer is left (a guest page) and entered again; from then on every change is written back.
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * The layer as a new page load has it (modules loaded afresh), with the copy an earlier visit left in
 * localStorage: `answers`, saved by the same persister before this page was opened.
 */
async function pageWithSavedCopy(answers: Record<string, string>) {
  vi.resetModules();
  const { QueryClient, useQuery } = await import('@tanstack/react-query');
  const { persistQueryClientSave } = await import('@tanstack/react-query-persist-client');
  const { buildId } = await import('../../../src/lib/env');
  const { queryPersister, queryClient } = await import('../../../src/lib/query-client');
  const { QueryLayer } = await import('../../../src/app/data-layer');
  vi.spyOn(Date, 'now').mockReturnValue(performance.timeOrigin - 60_000);
  const earlier = new QueryClient();
  for (const [key, value] of Object.entries(answers)) earlier.setQueryData([key], value);
  await persistQueryClientSave({
    queryClient: earlier,
    persister: queryPersister,
    buster: buildId,
  });
  vi.mocked(Date.now).mockRestore();
  return { useQuery, queryPersister, queryClient, QueryLayer };
}

describe('the query layer', () => {
  it('reads the saved copy back once a visit, shows it, and keeps saving', async () => {
    // What an earlier visit left: one answer.
    const { useQuery, queryPersister, queryClient, QueryLayer } = await pageWithSavedCopy({
      probe: 'Mes histoires (copie)',
    });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const restore = vi.spyOn(queryPersister, 'restoreClient');

    let answer!: (value: string) => void;
    const queryFn = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    function Probe() {
      const { data } = useQuery({ queryKey: ['probe'], queryFn });
      return <p>{data ?? 'rien'}</p>;
    }

    const first = render(
      <QueryLayer>
        <Probe />
      </QueryLayer>,
    );
    expect(await screen.findByText('Mes histoires (copie)')).toBeTruthy();
    // The copy is refreshed from the server once read back.
    await waitFor(() => expect(queryFn).toHaveBeenCalled());
    answer('Mes histoires');
    expect(await screen.findByText('Mes histoires')).toBeTruthy();
    first.unmount();

    render(
      <QueryLayer>
        <Probe />
      </QueryLayer>,
    );
    expect(await screen.findByText('Mes histoires')).toBeTruthy();
    expect(restore).toHaveBeenCalledTimes(1);

    // Saved again after the change (the persister writes at most once a second).
    await waitFor(
      () =>
        expect(window.localStorage.getItem('chapitres.queryCache')).toContain('"Mes histoires"'),
      { timeout: 3_000 },
    );
    queryClient.clear();
  });

  it('asks again only for what came from the copy, not what this visit already fetched', async () => {
    const { useQuery, queryClient, QueryLayer } = await pageWithSavedCopy({
      saved: 'copie',
      list: 'liste (copie)',
    });

    // The home page's loader fetched the list before the layer's code loaded.
    const listFn = vi.fn(async () => 'liste');
    await queryClient.prefetchQuery({ queryKey: ['list'], queryFn: listFn });
    const savedFn = vi.fn(async () => 'frais');
    function Probe() {
      const list = useQuery({ queryKey: ['list'], queryFn: listFn, staleTime: Infinity });
      const saved = useQuery({ queryKey: ['saved'], queryFn: savedFn, staleTime: Infinity });
      return (
        <p>
          {list.data} / {saved.data}
        </p>
      );
    }
    render(
      <QueryLayer>
        <Probe />
      </QueryLayer>,
    );
    expect(await screen.findByText('liste / frais')).toBeTruthy();
    expect(savedFn).toHaveBeenCalledTimes(1);
    expect(listFn).toHaveBeenCalledTimes(1);
    queryClient.clear();
  });
});
