// The word to type before deleting the account (spec §5): exactly the word of her language's catalogue
// (`profile:delete.word`: SUPPRIMER in French, DELETE in English), in capitals. Only the app checks it;
// the server's DELETE /me asks for no word.

/** True only when `typed` is exactly `word` (no trimming, no case folding). */
export function isDeleteConfirmed(typed: string, word: string): boolean {
  return word !== '' && typed === word;
}

/**
 * Years the payment records of a deleted account are kept, without the person (French accounting law,
 * Code de commerce art. L123-22): said in the dialog, written in docs/decisions.md.
 */
export const ACCOUNTING_YEARS = 10;
