// The help page (/support): questions that open and close from the keyboard, the support address as a
// mailto link, and the contact form — prefilled, checked before sending, the payload as the server
// expects it, its 422 messages at the field, and what was typed kept across a remount or a reload.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_DRAFT_KEY } from '../../../src/features/support/contact-draft';
import { contactPayload, validateContact } from '../../../src/features/support/contact-validation';
import { FAQ_ITEMS } from '../../../src/features/support/components/faq';
import { reportNetworkSuccess } from '../../../src/offline/connectivity';
import { errorReply, jsonReply, mockFetch, type RecordedCall } from './fetch-mock';
import { renderApp, resetApp, signInAs, testUserWire } from './render-app';

type Reply = ReturnType<typeof jsonReply> | 'network-error';

beforeEach(async () => {
  await resetApp();
  reportNetworkSuccess();
});

function supportServer(
  contact: Reply | ((call: RecordedCall) => Reply | Promise<Reply>) = jsonReply(
    { message: 'ok' },
    202,
  ),
) {
  signInAs();
  return mockFetch({
    'GET /api/v1/users/me': jsonReply(testUserWire),
    'GET /healthz': 'network-error',
    'GET /api/v1/config': jsonReply({
      support_email: 'aide@chapitres.example',
      payment_provider: 'demo',
    }),
    'POST /api/v1/support/contact': contact,
  });
}

async function openPage(path = '/support') {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Aide et contact' });
  return view;
}

function panelOf(button: HTMLElement): HTMLElement {
  const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!panel) throw new Error('No answer panel');
  return panel;
}

function messageBox(): HTMLTextAreaElement {
  return screen.getByLabelText('Votre message') as HTMLTextAreaElement;
}

describe('the questions', () => {
  it('lists every question, closed, and opens and closes one with Enter and Space', async () => {
    supportServer();
    await openPage();
    const faq = screen.getByTestId('support-faq');
    const buttons = within(faq).getAllByRole('button');
    expect(buttons).toHaveLength(FAQ_ITEMS.length);
    for (const button of buttons) {
      expect(button.getAttribute('aria-expanded')).toBe('false');
      expect(panelOf(button).hidden).toBe(true);
    }

    const question = within(faq).getByRole('button', {
      name: 'Combien de chapitres dans un livre, et combien de photos\u202f?',
    });
    question.focus();
    const user = userEvent.setup();
    await user.keyboard('{Enter}');
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(panelOf(question).hidden).toBe(false);
    expect(panelOf(question).textContent).toMatch(/de 4 à 10 chapitres/);
    expect(panelOf(question).textContent).toMatch(/jusqu'à 5 photos/);

    await user.keyboard(' ');
    expect(question.getAttribute('aria-expanded')).toBe('false');
    expect(panelOf(question).hidden).toBe(true);
  });

  it('reaches the questions with Tab, keeps several open, and says what to do per browser', async () => {
    supportServer();
    await openPage();
    const user = userEvent.setup();
    const microphone = screen.getByRole('button', {
      name: 'Le micro ne marche pas\u00a0: que faire\u202f?',
    });
    const install = screen.getByRole('button', {
      name: 'Comment mettre Chapitres sur mon téléphone\u202f?',
    });
    for (let i = 0; i < 40 && document.activeElement !== microphone; i += 1) await user.tab();
    expect(document.activeElement).toBe(microphone);
    await user.keyboard('{Enter}');
    // The open answer holds no control: Tab goes on to the next questions.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(install);
    await user.keyboard('{Enter}');
    expect(microphone.getAttribute('aria-expanded')).toBe('true');
    expect(install.getAttribute('aria-expanded')).toBe('true');
    const micAnswer = panelOf(microphone).textContent ?? '';
    for (const browser of ['Chrome ou Edge', 'Android', 'iPhone ou iPad', 'Firefox']) {
      expect(micAnswer).toContain(browser);
    }
    expect(micAnswer).toMatch(/Firefox ne sait pas reconnaître la voix/);
    expect(panelOf(install).textContent).toContain("«\u00a0Installer l'application\u00a0»");
    expect(panelOf(install).textContent).toContain("«\u00a0Sur l'écran d'accueil\u00a0»");
  });

  it('opens the question named in the address', async () => {
    supportServer();
    await openPage('/support#faq-prices');
    const prices = screen.getByRole('button', {
      name: 'Combien ça coûte, et que comprend le pack 12 mois\u202f?',
    });
    expect(prices.getAttribute('aria-expanded')).toBe('true');
    const text = panelOf(prices).textContent ?? '';
    expect(text).toContain('14,00 €');
    expect(text).toContain('168,00 €');
    expect(text).toContain('49,00 €');
  });
});

describe('writing to the support team', () => {
  it('links to the support address with the subject filled in', async () => {
    supportServer();
    await openPage();
    const link = await screen.findByRole('link', { name: 'Écrire à aide@chapitres.example' });
    expect(link.getAttribute('href')).toBe(
      'mailto:aide@chapitres.example?subject=Question%20sur%20Chapitres',
    );
  });

  it('prefills the name and address of the person signed in', async () => {
    supportServer();
    await openPage();
    expect((screen.getByLabelText('Votre nom') as HTMLInputElement).value).toBe('Jeanne Martin');
    expect((screen.getByLabelText('Votre adresse email') as HTMLInputElement).value).toBe(
      'jeanne@example.org',
    );
  });

  it('asks for a message before sending anything, and for a valid address', async () => {
    const net = supportServer();
    await openPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    expect(await screen.findByText('Écrivez votre message.')).toBeTruthy();
    expect(document.activeElement).toBe(messageBox());
    expect(messageBox().getAttribute('aria-invalid')).toBe('true');

    await user.type(messageBox(), 'Bonjour');
    expect(screen.queryByText('Écrivez votre message.')).toBeNull();
    const email = screen.getByLabelText('Votre adresse email');
    await user.clear(email);
    await user.type(email, 'jeanne@');
    await user.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    expect(await screen.findByText(/Cette adresse email ne semble pas correcte/)).toBeTruthy();
    expect(document.activeElement).toBe(email);
    expect(net.callsTo('POST /api/v1/support/contact')).toHaveLength(0);
  });

  it('counts the characters up to 10 000', async () => {
    supportServer();
    await openPage();
    const user = userEvent.setup();
    await user.type(messageBox(), 'Bonjour');
    expect(screen.getByTestId('contact-message-count').textContent).toMatch(
      /^7 \/ 10\s000 caractères$/,
    );
  });

  it('sends name, address, subject and message, then says so and forgets the draft', async () => {
    const net = supportServer();
    await openPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Sujet (facultatif)'), 'Mon livre');
    await user.type(messageBox(), '  Quand arrive mon livre ?  ');
    expect(window.sessionStorage.getItem(CONTACT_DRAFT_KEY)).toContain('Quand arrive mon livre');
    await user.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    expect(
      await screen.findByText('Votre message est envoyé. Nous vous répondrons par email.'),
    ).toBeTruthy();
    const calls = net.callsTo('POST /api/v1/support/contact');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0].body ?? '')).toEqual({
      name: 'Jeanne Martin',
      email: 'jeanne@example.org',
      subject: 'Mon livre',
      message: 'Quand arrive mon livre ?',
    });
    expect(messageBox().value).toBe('');
    expect(window.sessionStorage.getItem(CONTACT_DRAFT_KEY)).toBeNull();
  });

  it('shows the sending state while the message leaves', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const net = supportServer(async () => {
      await gate;
      return jsonReply({ message: 'ok' }, 202);
    });
    await openPage();
    const user = userEvent.setup();
    await user.type(messageBox(), 'Bonjour');
    await user.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    const busy = await screen.findByRole('button', { name: /Envoi en cours/ });
    expect(busy.hasAttribute('disabled')).toBe(true);
    release();
    await screen.findByText('Votre message est envoyé. Nous vous répondrons par email.');
    expect(net.callsTo('POST /api/v1/support/contact')).toHaveLength(1);
  });

  it("shows the server's 422 messages under their fields and keeps the text", async () => {
    supportServer({
      status: 422,
      json: {
        detail: [
          { type: 'value_error', msg: "Cette adresse n'est pas acceptée.", loc: ['body', 'email'] },
        ],
      },
    });
    await openPage();
    const user = userEvent.setup();
    await user.type(messageBox(), 'Bonjour');
    await user.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    const message = await screen.findByText("Cette adresse n'est pas acceptée.");
    const email = screen.getByLabelText('Votre adresse email');
    const errorBox = message.closest('[id]');
    expect(email.getAttribute('aria-describedby')).toContain(errorBox?.id);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(messageBox().value).toBe('Bonjour');
    // Changing the field removes the server's message for it.
    await user.type(email, 'x');
    expect(screen.queryByText("Cette adresse n'est pas acceptée.")).toBeNull();
  });

  it('says when too many messages were sent, and when the connection is missing', async () => {
    let reply: Reply = errorReply(429, [{ type: 'too_many_requests', msg: 'Trop' }]);
    supportServer(() => reply);
    await openPage();
    const user = userEvent.setup();
    await user.type(messageBox(), 'Bonjour');
    await user.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    expect(await screen.findByText(/Vous avez envoyé beaucoup de messages/)).toBeTruthy();
    reply = 'network-error';
    await user.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    expect(await screen.findByText(/Le message n'est pas parti : pas de connexion/)).toBeTruthy();
    expect(messageBox().value).toBe('Bonjour');
  });

  it('keeps what was typed across a remount (a reload of the tab)', async () => {
    supportServer();
    const first = await openPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Sujet (facultatif)'), 'Photos');
    await user.type(messageBox(), 'Je ne trouve plus mes photos.');
    first.unmount();

    await openPage();
    expect(messageBox().value).toBe('Je ne trouve plus mes photos.');
    expect((screen.getByLabelText('Sujet (facultatif)') as HTMLInputElement).value).toBe('Photos');
    expect((screen.getByLabelText('Votre nom') as HTMLInputElement).value).toBe('Jeanne Martin');
  });

  it('works in English', async () => {
    supportServer();
    renderApp('/support');
    await screen.findByRole('heading', { level: 1, name: 'Aide et contact' });
    const { setLanguage } = await import('../../../src/lib/i18n');
    await setLanguage('en', { remember: false });
    await screen.findByRole('heading', { level: 1, name: 'Help and contact' });
    expect(screen.getByRole('button', { name: 'How do I talk to the biographer?' })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send the message' }));
    expect(await screen.findByText('Write your message.')).toBeTruthy();
    await waitFor(() =>
      expect(
        screen.getByRole('link', { name: 'Write to aide@chapitres.example' }).getAttribute('href'),
      ).toBe('mailto:aide@chapitres.example?subject=Question%20about%20Chapitres'),
    );
  });
});

describe('the rules', () => {
  const valid = { name: 'Jeanne', email: 'jeanne@example.org', subject: '', message: 'Bonjour' };

  it('follows the server limits', () => {
    expect(validateContact(valid)).toEqual({});
    expect(validateContact({ ...valid, message: '   ' }).message?.key).toBe('messageRequired');
    expect(validateContact({ ...valid, message: 'a'.repeat(10_000) })).toEqual({});
    expect(validateContact({ ...valid, message: 'a'.repeat(10_001) }).message?.key).toBe(
      'messageTooLong',
    );
    expect(validateContact({ ...valid, email: '' }).email?.key).toBe('emailRequired');
    expect(validateContact({ ...valid, email: 'jeanne.example.org' }).email?.key).toBe(
      'emailInvalid',
    );
    expect(validateContact({ ...valid, name: 'a'.repeat(201) }).name?.key).toBe('tooLong');
    expect(validateContact({ ...valid, subject: 'a'.repeat(201) }).subject?.key).toBe('tooLong');
  });

  it('sends the mail subject when none was given', () => {
    expect(contactPayload({ ...valid, name: ' Jeanne ' }, 'Question sur Chapitres')).toEqual({
      name: 'Jeanne',
      email: 'jeanne@example.org',
      subject: 'Question sur Chapitres',
      message: 'Bonjour',
    });
  });
});
