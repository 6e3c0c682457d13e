// The payment simulator's page (api.md § The built-in payment simulator): the plan and the amount, plainly
// marked as a simulation, the shipping address for a printed book, and two buttons. For a printed book the
// address is checked (the postcode against the country) and then shown for review — « Vérifiez votre
// commande »: the book, the price and the address — before anything is paid.
import type { Locale } from '../../i18n/messages.ts';
import { formatEuros } from './service.ts';
import { escapeHtml } from '../../html.ts';
import type { ShippingAddress } from '../../db/schema/premium.ts';
import { postcodeExample } from './postcodes.ts';

const TEXT = {
  fr: {
    title: 'Paiement simulé',
    banner:
      'SIMULATION — aucun paiement réel n’est fait. Ce simulateur remplace le paiement par carte tant qu’aucun compte Stripe n’est configuré.',
    for: 'Pour',
    amount: 'Montant',
    account: 'Compte',
    credit: 'Offert avec votre pack 12 mois',
    address: 'Adresse de livraison du livre',
    name: 'Nom et prénom',
    line1: 'Adresse',
    line2: 'Complément d’adresse (facultatif)',
    postalCode: 'Code postal',
    city: 'Ville',
    country: 'Pays',
    pay: 'Payer',
    confirm: 'Confirmer la commande',
    cancel: 'Annuler',
    done: 'Ce paiement est déjà terminé.',
    refusedBook:
      'Le livre imprimé offert avec votre pack a déjà été utilisé pour une autre commande : cette commande n’est pas passée, et rien n’a été payé. Vous pouvez commander ce livre à nouveau, au prix normal.',
    refusedSubscription:
      'Vous avez déjà un abonnement en cours : ce second abonnement n’a pas été pris, et rien n’a été payé.',
    missing: 'Merci de remplir l’adresse de livraison.',
    postcode: (country: string, example: string | null) =>
      `Ce code postal ne correspond pas au pays choisi (${country}).${example ? ` Par exemple : ${example}.` : ''}`,
    next: 'Continuer',
    reviewTitle: 'Vérifiez votre commande',
    reviewLead: 'Le livre sera envoyé à cette adresse. Vérifiez-la avant de confirmer.',
    shipTo: 'Envoyé à',
    edit: 'Modifier l’adresse',
    home: 'Retour à Chapitres',
  },
  en: {
    title: 'Simulated payment',
    banner:
      'SIMULATION — no real payment is made. This simulator stands in for card payments while no Stripe account is configured.',
    for: 'For',
    amount: 'Amount',
    account: 'Account',
    credit: 'Included in your 12-month pack',
    address: 'Where to send the book',
    name: 'Full name',
    line1: 'Address',
    line2: 'Address line 2 (optional)',
    postalCode: 'Postcode',
    city: 'Town or city',
    country: 'Country',
    pay: 'Pay',
    confirm: 'Confirm the order',
    cancel: 'Cancel',
    done: 'This payment is already finished.',
    refusedBook:
      'The printed book included in your pack has already been used for another order: this order was not placed, and nothing was paid. You can order this book again, at the normal price.',
    refusedSubscription:
      'You already have a running subscription: this second subscription was not taken, and nothing was paid.',
    missing: 'Please fill in the delivery address.',
    postcode: (country: string, example: string | null) =>
      `This postcode does not match the chosen country (${country}).${example ? ` For example: ${example}.` : ''}`,
    next: 'Continue',
    reviewTitle: 'Check your order',
    reviewLead: 'The book will be sent to this address. Check it before you confirm.',
    shipTo: 'Sent to',
    edit: 'Change the address',
    home: 'Back to Chapitres',
  },
} as const;

const COUNTRIES = ['FR', 'BE', 'CH', 'LU', 'MC', 'DE', 'ES', 'IT', 'NL', 'PT', 'GB', 'CA'];

export interface DemoPageData {
  id: string;
  label: string;
  email: string;
  amount: number;
  product: string;
  paidWithCredit: boolean;
  status: string;
}

/** What is wrong with the address sent: a field left empty, or a postcode not of the chosen country. */
export type AddressProblem = 'missing' | 'postcode';

function countryName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function demoCheckoutPage(
  data: DemoPageData,
  locale: Locale,
  options: { error?: AddressProblem; values?: Record<string, string> } = {},
): string {
  const t = TEXT[locale];
  const values = options.values ?? {};
  const badPostcode = options.error === 'postcode';
  const field = (name: string, label: string, required = true, autocomplete = '') => {
    const invalid = badPostcode && name === 'postal_code';
    return `<p><label for="${name}">${label}</label><input id="${name}" name="${name}" ${required ? 'required' : ''} maxlength="200" autocomplete="${autocomplete}" value="${escapeHtml(values[name] ?? '')}"${invalid ? ' aria-invalid="true" aria-describedby="address-error"' : ''}></p>`;
  };
  const country = (values.country ?? 'FR').toUpperCase();
  const errorText =
    options.error === 'postcode'
      ? t.postcode(countryName(country, locale), postcodeExample(country))
      : options.error === 'missing'
        ? t.missing
        : null;
  const address =
    data.product === 'book'
      ? `<fieldset><legend>${t.address}</legend>
${field('name', t.name, true, 'name')}
${field('line1', t.line1, true, 'address-line1')}
${field('line2', t.line2, false, 'address-line2')}
${field('postal_code', t.postalCode, true, 'postal-code')}
${field('city', t.city, true, 'address-level2')}
<p><label for="country">${t.country}</label><select id="country" name="country" autocomplete="country">${COUNTRIES.map(
          (c) =>
            `<option value="${c}"${country === c ? ' selected' : ''}>${countryName(c, locale)}</option>`,
        ).join('')}</select></p>
</fieldset>`
      : '';
  const open = data.status === 'open';
  const refused =
    data.status === 'refused'
      ? data.product === 'book'
        ? t.refusedBook
        : t.refusedSubscription
      : null;
  const body = refused
    ? `<p role="alert" class="error">${refused}</p><p><a href="/">${t.home}</a></p>`
    : open
      ? data.product === 'book'
        ? `<form method="post" action="/api/v1/demo/checkout/${data.id}/review">
${address}
<button type="submit" class="pay">${t.next}</button>
</form>
<form method="post" action="/api/v1/demo/checkout/${data.id}/cancel"><button type="submit" class="cancel">${t.cancel}</button></form>`
        : `<form method="post" action="/api/v1/demo/checkout/${data.id}/complete">
<button type="submit" class="pay">${data.paidWithCredit ? t.confirm : t.pay}</button>
</form>
<form method="post" action="/api/v1/demo/checkout/${data.id}/cancel"><button type="submit" class="cancel">${t.cancel}</button></form>`
      : `<p role="status">${t.done}</p><p><a href="/">${t.home}</a></p>`;
  return pageShell(
    locale,
    `<h1>${t.title}</h1>
<p class="banner" role="note">${t.banner}</p>
<dl>
<dt>${t.for}</dt><dd>${escapeHtml(data.label)}</dd>
<dt>${t.amount}</dt><dd>${data.paidWithCredit ? `${formatEuros(0, locale)} — ${t.credit}` : formatEuros(data.amount, locale)}</dd>
<dt>${t.account}</dt><dd>${escapeHtml(data.email)}</dd>
</dl>
${errorText ? `<p class="error" role="alert" id="address-error">${errorText}</p>` : ''}
${body}
`,
  );
}

/** The simulator's page around its content: the plain styles, large type and 44 px targets. */
function pageShell(locale: Locale, main: string): string {
  const t = TEXT[locale];
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${t.title} – Chapitres</title>
<style>
body { font: 20px/1.5 system-ui, sans-serif; color: #1d2430; background: #f7f3ec; margin: 0; }
main { max-width: 36rem; margin: 0 auto; padding: 1.5rem; }
.banner { background: #fff3c4; border: 3px solid #8a6d00; padding: 1rem; border-radius: 0.5rem; font-weight: 600; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 0.5rem 1rem; }
dt { font-weight: 600; }
label { display: block; font-weight: 600; }
input, select { font: inherit; width: 100%; min-height: 44px; box-sizing: border-box; padding: 0.4rem; border: 2px solid #55606e; border-radius: 0.4rem; }
fieldset { border: 2px solid #c9c2b6; border-radius: 0.5rem; margin: 1rem 0; }
button { font: inherit; min-height: 48px; min-width: 10rem; padding: 0.5rem 1.5rem; border-radius: 0.5rem; margin: 0.5rem 0; cursor: pointer; }
.pay { background: #1f4e79; color: #fff; border: 2px solid #1f4e79; }
.cancel { background: #fff; color: #1d2430; border: 2px solid #55606e; }
button:focus-visible, input:focus-visible, select:focus-visible, a:focus-visible { outline: 3px solid #b35c00; outline-offset: 2px; }
.error { color: #9b1c1c; font-weight: 600; }
</style>
</head>
<body>
<main>
${main}
</main>
</body>
</html>`;
}

/** The address as a few lines of HTML (escaped). */
function addressHtml(address: ShippingAddress, locale: Locale): string {
  return [
    address.name,
    address.line1,
    address.line2,
    `${address.postalCode} ${address.city}`,
    countryName(address.country, locale),
  ]
    .filter((line): line is string => !!line && !!line.trim())
    .map((line) => escapeHtml(line))
    .join('<br>');
}

/**
 * « Vérifiez votre commande »: the book, the price and where it goes, before anything is paid. Its
 * buttons send the same address on: to pay (or confirm, with the pack's book), or back to change it.
 */
export function demoReviewPage(
  data: DemoPageData,
  locale: Locale,
  address: ShippingAddress,
): string {
  const t = TEXT[locale];
  const hidden = Object.entries({
    name: address.name,
    line1: address.line1,
    line2: address.line2 ?? '',
    postal_code: address.postalCode,
    city: address.city,
    country: address.country,
  })
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('\n');
  return pageShell(
    locale,
    `<h1>${t.reviewTitle}</h1>
<p class="banner" role="note">${t.banner}</p>
<p>${t.reviewLead}</p>
<dl data-testid="order-review">
<dt>${t.for}</dt><dd>${escapeHtml(data.label)}</dd>
<dt>${t.amount}</dt><dd>${data.paidWithCredit ? `${formatEuros(0, locale)} — ${t.credit}` : formatEuros(data.amount, locale)}</dd>
<dt>${t.shipTo}</dt><dd>${addressHtml(address, locale)}</dd>
<dt>${t.account}</dt><dd>${escapeHtml(data.email)}</dd>
</dl>
<form method="post" action="/api/v1/demo/checkout/${data.id}/complete">
${hidden}
<button type="submit" class="pay">${data.paidWithCredit ? t.confirm : t.pay}</button>
</form>
<form method="post" action="/api/v1/demo/checkout/${data.id}/review">
${hidden}
<input type="hidden" name="edit" value="1">
<button type="submit" class="cancel">${t.edit}</button>
</form>
<form method="post" action="/api/v1/demo/checkout/${data.id}/cancel"><button type="submit" class="cancel">${t.cancel}</button></form>`,
  );
}
