// The word to type before deleting the account (spec §5): exactly SUPPRIMER, in capitals.
export const DELETE_CONFIRMATION_WORD = 'SUPPRIMER';

export function isDeleteConfirmed(typed: string): boolean {
  return typed === DELETE_CONFIRMATION_WORD;
}

/**
 * Years the payment records of a deleted account are kept, without the person (French accounting law,
 * Code de commerce art. L123-22): said in the dialog, written in docs/decisions.md.
 */
export const ACCOUNTING_YEARS = 10;
