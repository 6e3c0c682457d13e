// The word to type before deleting the account (spec §5): exactly SUPPRIMER, in capitals.
export const DELETE_CONFIRMATION_WORD = 'SUPPRIMER';

export function isDeleteConfirmed(typed: string): boolean {
  return typed === DELETE_CONFIRMATION_WORD;
}
