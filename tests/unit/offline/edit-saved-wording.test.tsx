// Saving a chapter correction: online it is saved; offline it waits in the outbox, and the message
// says it is kept on this device and will be sent when the connection returns (never « succès »).
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import frConversation from '../../../locales/fr/conversation.json';
import { db } from '../../../src/db/db';
import { EditForm } from '../../../src/features/conversation/components/edit-form';
import { toast } from '../../../src/lib/toast';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../src/offline/connectivity';
import { setUpI18n } from './support/i18n';

beforeAll(async () => {
  await setUpI18n('fr');
  i18next.addResourceBundle('fr', 'conversation', frConversation);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 503 })),
  );
});

beforeEach(async () => {
  reportNetworkSuccess();
  await Promise.all(db.tables.map((table) => table.clear()));
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function saveACorrection() {
  const user = userEvent.setup();
  render(
    <EditForm
      conversationId="c1"
      title="La maison"
      summary="Le texte."
      serverTitle="La maison"
      serverSummary="Le texte."
      updatedAt="2026-11-20T10:00:00Z"
      onDone={() => undefined}
    />,
  );
  const title = screen.getByLabelText('Titre du chapitre');
  await waitFor(() => expect((title as HTMLInputElement).value).toBe('La maison'));
  await user.type(title, ' de Roanne');
  await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
}

describe('the message after saving a correction', () => {
  it('says the change is kept on the device and sent later when offline', async () => {
    const success = vi.spyOn(toast, 'success');
    reportNetworkFailure();
    await saveACorrection();
    await waitFor(() => expect(success).toHaveBeenCalled());
    const message = success.mock.calls[0]![0];
    expect(message).toMatch(/gardées sur cet appareil/);
    expect(message).toMatch(/envoyées au retour de la connexion/);
    expect(message).not.toMatch(/succès/);
  });

  it('says it is saved when online', async () => {
    const success = vi.spyOn(toast, 'success');
    await saveACorrection();
    await waitFor(() => expect(success).toHaveBeenCalledWith('Vos corrections sont enregistrées.'));
  });
});
