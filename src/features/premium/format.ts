// Money and dates as people read them in the interface language ("14,00 €", "15 mars 2026").
import { getLocaleTag } from '../../lib/i18n';
import { CURRENCY } from './api/types';

export function formatMoney(cents: number, currency: string = CURRENCY): string {
  return new Intl.NumberFormat(getLocaleTag(), { style: 'currency', currency }).format(cents / 100);
}

/** A long date; an unreadable value gives '' so that a sentence never shows "Invalid Date". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(getLocaleTag(), { dateStyle: 'long' }).format(date);
}
