// Money and dates as people read them in the interface language ("14,00 €", "15 mars 2026").
import { CURRENCY } from './api/types';
import { formatLongDate, numberFormat } from '../../lib/intl';

export function formatMoney(cents: number, currency: string = CURRENCY): string {
  return numberFormat({ style: 'currency', currency }).format(cents / 100);
}

/** A long date; an unreadable value gives '' so that a sentence never shows "Invalid Date". */
export function formatDate(iso: string): string {
  return formatLongDate(iso) ?? '';
}
