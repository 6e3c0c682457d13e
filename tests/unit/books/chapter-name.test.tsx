// The book wizard names each chapter's buttons for screen readers with the title in the language's own
// quotes: « … » held by no-break spaces in French, “…” in English (never French guillemets in English).
import { render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import enBookWizard from '../../../locales/en/bookWizard.json';
import frBookWizard from '../../../locales/fr/bookWizard.json';
import { ChooseStep } from '../../../src/features/books/components/wizard/choose-step';

async function renderIn(lng: 'fr' | 'en') {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng,
    ns: ['bookWizard'],
    defaultNS: 'bookWizard',
    resources: { fr: { bookWizard: frBookWizard }, en: { bookWizard: enBookWizard } },
    interpolation: { escapeValue: false },
  });
  const chapter = {
    id: 'c1',
    title: 'Le bal de 1952',
    images: [],
    createdAt: '2026-01-01T10:00:00.000Z',
    text: null,
  };
  render(
    <I18nextProvider i18n={i18n}>
      {/* With fewer chapters than a book needs, the step links home. */}
      <MemoryRouter>
        <ChooseStep chapters={[chapter]} selected={[]} onToggle={() => {}} showErrors={false} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe("the book wizard's chapter names", () => {
  it('quote the title with guillemets and no-break spaces in French', async () => {
    await renderIn('fr');
    expect(
      screen.getByRole('button', { name: 'Choisir «\u00a0Le bal de 1952\u00a0»' }),
    ).toBeTruthy();
  });

  it('quote the title with English quotes in English', async () => {
    await renderIn('en');
    expect(screen.getByRole('button', { name: 'Choose “Le bal de 1952”' })).toBeTruthy();
  });
});
