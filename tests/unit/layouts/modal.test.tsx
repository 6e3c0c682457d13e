// The dialog: focus moves in and stays in, Escape and the close button close it, focus goes back, and
// the page behind is inert while it is open.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { APP_CONTENT_ID, Modal, ModalRoot } from '../../../src/components/ui/modal';
import { initI18n } from '../../../src/lib/i18n';

beforeAll(async () => {
  await initI18n();
});

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <div id={APP_CONTENT_ID}>
        <button onClick={() => setOpen(true)}>Ouvrir</button>
      </div>
      <ModalRoot />
      <Modal open={open} onClose={() => setOpen(false)} title="Un titre">
        <label>
          Champ
          <input />
        </label>
        <button>Valider</button>
      </Modal>
    </>
  );
}

describe('modal', () => {
  it('traps focus, closes on Escape and returns focus to the opener', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'Ouvrir' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Un titre' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Champ' }));
    expect(document.getElementById(APP_CONTENT_ID)?.hasAttribute('inert')).toBe(true);

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Valider' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Fermer' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Valider' }));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.getElementById(APP_CONTENT_ID)?.hasAttribute('inert')).toBe(false);
  });

  it('closes with its close button', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Ouvrir' }));
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opened by itself, gives the focus to the page content when it closes, never to <body>', async () => {
    function OpenOnArrival() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <div id={APP_CONTENT_ID}>
            <main id="main" tabIndex={-1}>
              <h1>La page</h1>
            </main>
          </div>
          <ModalRoot />
          <Modal open={open} onClose={() => setOpen(false)} title="Repris">
            <button>Continuer</button>
          </Modal>
        </>
      );
    }
    render(<OpenOnArrival />);
    const user = userEvent.setup();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Continuer' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(document.querySelector('main'));
  });
});
