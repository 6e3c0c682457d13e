// Test i18n: the default i18next instance (the one the outbox's toasts use) with the real catalogues.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import frOffline from '../../../../locales/fr/offline.json';
import enOffline from '../../../../locales/en/offline.json';
import frPwa from '../../../../locales/fr/pwa.json';
import enPwa from '../../../../locales/en/pwa.json';

export async function setUpI18n(lng: 'fr' | 'en' = 'fr'): Promise<typeof i18next> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng,
      fallbackLng: 'fr',
      ns: ['offline', 'pwa'],
      resources: { fr: { offline: frOffline, pwa: frPwa }, en: { offline: enOffline, pwa: enPwa } },
      interpolation: { escapeValue: false },
    });
  } else {
    await i18next.changeLanguage(lng);
  }
  return i18next;
}
