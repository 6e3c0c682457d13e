// The book wizard's pure state: reading a saved state (garbage, older shapes, another account's), the
// order of the chosen chapters, dropping what no longer exists, the step rules, suggestions that fill
// only empty fields, and the POST /books payload.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applySuggestions,
  authorProblem,
  buildCreatePayload,
  canLeaveStep,
  clearWizardState,
  emptyWizardState,
  loadWizardState,
  moveItem,
  parseWizardState,
  pruneWizardState,
  saveWizardState,
  selectionProblem,
  summaryProblems,
  syncOrder,
  toggleChapter,
  wantsSuggestions,
  WIZARD_STORAGE_KEY,
  type WizardState,
} from '../../../src/features/books/wizard-state';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

function stateWith(change: Partial<WizardState> = {}, params = {}): WizardState {
  const base = emptyWizardState('Jeanne Martin');
  return { ...base, ...change, bookParameters: { ...base.bookParameters, ...params } };
}

describe('saved state', () => {
  it('saves on the key, restores everything and clears', () => {
    const state = stateWith(
      { currentStep: 4, selectedConversations: ['a', 'b'], sortedConversations: ['b', 'a'] },
      { title: 'Ma vie', coverImage: { conv_id: null, image_id: 'own-1', url: '/o.jpg' } },
    );
    saveWizardState(state, 'user-1');
    expect(JSON.parse(window.localStorage.getItem(WIZARD_STORAGE_KEY)!)).toMatchObject({
      owner: 'user-1',
      currentStep: 4,
    });
    expect(loadWizardState('user-1')).toEqual(state);
    clearWizardState();
    expect(loadWizardState('user-1')).toBeNull();
  });

  it('ignores garbage and other shapes without throwing, and logs', () => {
    expect(parseWizardState('{not json', null)).toBeNull();
    expect(parseWizardState('[1,2]', null)).toBeNull();
    expect(parseWizardState('null', null)).toBeNull();
    expect(console.warn).toHaveBeenCalled();
  });

  it("ignores another account's state", () => {
    saveWizardState(stateWith({ currentStep: 2 }), 'user-1');
    expect(loadWizardState('user-2')).toBeNull();
  });

  it('fills what an older or damaged state lacks and keeps the order within the choice', () => {
    const restored = parseWizardState(
      JSON.stringify({
        selectedConversations: ['a', 'b', 7, 'a'],
        sortedConversations: ['b', 'x', 'a'],
        bookParameters: { title: 42, author: 'Paul', coverImage: { image_id: 3 } },
        currentStep: 9,
      }),
      'user-1',
    )!;
    expect(restored.selectedConversations).toEqual(['a', 'b']);
    expect(restored.sortedConversations).toEqual(['b', 'a']);
    expect(restored.currentStep).toBe(0);
    expect(restored.bookParameters).toEqual({
      ...emptyWizardState('Paul').bookParameters,
      author: 'Paul',
    });
  });
});

describe('chapters and order', () => {
  it('appends a new choice to the order and removes a withdrawn one', () => {
    let state = stateWith();
    for (const id of ['c', 'a', 'b']) state = toggleChapter(state, id);
    expect(state.selectedConversations).toEqual(['c', 'a', 'b']);
    expect(state.sortedConversations).toEqual(['c', 'a', 'b']);
    state = { ...state, sortedConversations: ['b', 'c', 'a'] };
    state = toggleChapter(state, 'c');
    state = toggleChapter(state, 'd');
    expect(state.sortedConversations).toEqual(['b', 'a', 'd']);
    expect(syncOrder(['x', 'y'], [])).toEqual(['x', 'y']);
  });

  it('places a new choice by date, oldest first, whatever the order of choice', () => {
    const chronology = ['a', 'b', 'c', 'd', 'e'];
    let state = stateWith();
    for (const id of ['d', 'b', 'e', 'a']) state = toggleChapter(state, id, chronology);
    expect(state.selectedConversations).toEqual(['d', 'b', 'e', 'a']);
    expect(state.sortedConversations).toEqual(['a', 'b', 'd', 'e']);
    // An order changed by hand keeps its shape; a new choice goes before the first newer one.
    state = { ...state, sortedConversations: ['e', 'a', 'b', 'd'] };
    state = toggleChapter(state, 'c', chronology);
    expect(state.sortedConversations).toEqual(['e', 'a', 'b', 'c', 'd']);
  });

  it('moves an item and ignores moves out of range', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], -1, 0)).toEqual(['a', 'b']);
  });

  it('drops chapters and chapter pictures that no longer exist, and goes back to step 1 if too few', () => {
    const chapters = new Map([
      ['a', { imageIds: ['a1'] }],
      ['b', { imageIds: [] }],
      ['c', { imageIds: [] }],
      ['d', { imageIds: [] }],
    ]);
    const state = stateWith(
      {
        currentStep: 5,
        selectedConversations: ['a', 'b', 'c', 'd', 'gone'],
        sortedConversations: ['gone', 'd', 'c', 'b', 'a'],
      },
      {
        coverImage: { conv_id: 'gone', image_id: 'g1', url: '' },
        authorImage: { conv_id: null, image_id: 'own', url: '' },
      },
    );
    const pruned = pruneWizardState(state, chapters);
    expect(pruned.selectedConversations).toEqual(['a', 'b', 'c', 'd']);
    expect(pruned.sortedConversations).toEqual(['d', 'c', 'b', 'a']);
    expect(pruned.bookParameters.coverImage).toBeNull();
    expect(pruned.bookParameters.authorImage).toEqual({ conv_id: null, image_id: 'own', url: '' });
    expect(pruned.currentStep).toBe(5);
    expect(pruneWizardState(pruned, chapters)).toBe(pruned);

    const fewer = pruneWizardState(pruned, new Map([['a', { imageIds: [] }]]));
    expect(fewer.sortedConversations).toEqual(['a']);
    expect(fewer.currentStep).toBe(1);
  });
});

describe('step rules', () => {
  it('needs 4 to 10 chapters', () => {
    expect(selectionProblem(0)).toBe('none');
    expect(selectionProblem(3)).toBe('range');
    expect(selectionProblem(4)).toBeNull();
    expect(selectionProblem(10)).toBeNull();
    expect(selectionProblem(11)).toBe('range');
    expect(canLeaveStep(stateWith({ selectedConversations: ['a', 'b', 'c'] }), 1)).toBe(false);
    expect(canLeaveStep(stateWith({ selectedConversations: ['a', 'b', 'c', 'd'] }), 1)).toBe(true);
  });

  it('needs an author of at least 3 characters once trimmed', () => {
    expect(authorProblem('   ')).toBe('required');
    expect(authorProblem(' Jo ')).toBe('tooShort');
    expect(authorProblem('Jos')).toBeNull();
    expect(canLeaveStep(stateWith({}, { author: 'Jo' }), 3)).toBe(false);
  });

  it('needs a title, a subtitle and a summary', () => {
    expect(summaryProblems(stateWith({}, { title: 'T' }).bookParameters)).toEqual({
      titles: true,
      summary: true,
    });
    expect(
      summaryProblems(
        stateWith({}, { title: 'T', subtitle: 'S', bookSummary: ' ' }).bookParameters,
      ),
    ).toEqual({ titles: false, summary: true });
    const done = stateWith({}, { title: 'T', subtitle: 'S', bookSummary: 'R' });
    expect(summaryProblems(done.bookParameters)).toBeNull();
    expect(canLeaveStep(done, 4)).toBe(true);
  });
});

describe('suggestions', () => {
  it('fill only empty fields, cut to the limits', () => {
    const params = stateWith({}, { title: 'Le mien', dedication: ' ' }).bookParameters;
    const filled = applySuggestions(params, {
      title: 'Suggéré',
      subtitle: 's'.repeat(400),
      summary: '  Résumé  ',
      dedication: 'À Paul',
    });
    expect(filled.title).toBe('Le mien');
    expect(filled.subtitle).toHaveLength(300);
    expect(filled.bookSummary).toBe('Résumé');
    expect(filled.dedication).toBe('À Paul');
    expect(filled.author).toBe('Jeanne Martin');
    expect(applySuggestions(params, null)).toBe(params);
  });

  it('are asked only while a required field they fill is empty', () => {
    const full = { title: 'T', subtitle: 'S', bookSummary: 'R', dedication: '' };
    expect(wantsSuggestions(stateWith({}, full).bookParameters)).toBe(false);
    expect(wantsSuggestions(stateWith({}, { ...full, subtitle: ' ' }).bookParameters)).toBe(true);
  });
});

describe('creation payload', () => {
  it('has the exact shape, trimmed, with a null dedication when empty', () => {
    const state = stateWith(
      { selectedConversations: ['a', 'b'], sortedConversations: ['b', 'a'] },
      {
        title: ' Ma vie ',
        subtitle: 'Souvenirs',
        author: ' Jeanne ',
        bookSummary: 'Un récit.',
        dedication: '',
        coverImage: { conv_id: 'a', image_id: 'a1', url: '/a1.jpg' },
        authorImage: { conv_id: null, image_id: 'own', url: '/own.jpg' },
        largePrint: true,
        voiceCodes: false,
      },
    );
    expect(buildCreatePayload(state)).toEqual({
      title: 'Ma vie',
      subtitle: 'Souvenirs',
      author: 'Jeanne',
      conversation_ids: ['b', 'a'],
      summary: 'Un récit.',
      dedication: null,
      front_cover_image_id: { conv_id: 'a', image_id: 'a1' },
      back_cover_image_id: { conv_id: null, image_id: 'own' },
      large_print: true,
      voice_codes: false,
    });
  });

  it('is refused without author, title, subtitle or chapters', () => {
    const ok = stateWith(
      { sortedConversations: ['a'], selectedConversations: ['a'] },
      { title: 'T', subtitle: 'S' },
    );
    expect(buildCreatePayload(ok)).not.toBeNull();
    expect(buildCreatePayload({ ...ok, sortedConversations: [] })).toBeNull();
    for (const field of ['title', 'subtitle', 'author'] as const) {
      expect(
        buildCreatePayload({ ...ok, bookParameters: { ...ok.bookParameters, [field]: ' ' } }),
      ).toBeNull();
    }
  });
});
