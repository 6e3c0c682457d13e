// The chat's state machine (spec §4 "Chat states"): the four states, the main button's action and
// label in each, the paused flag, the countdown, the wait for the reply, clear, replay and interrupt.
import { describe, expect, it } from 'vitest';
import frInterview from '../../../locales/fr/interview.json';
import enInterview from '../../../locales/en/interview.json';
import {
  chatReducer,
  chatStates,
  initialChatMachine,
  mainActionFor,
  type ChatEvent,
  type ChatMachine,
} from '../../../src/features/interview/chat-state';

function run(...events: ChatEvent[]): ChatMachine {
  return events.reduce(chatReducer, initialChatMachine);
}

const talking = run({ type: 'START_TALKING' });
const updatingWithCountdown = run(
  { type: 'START_TALKING' },
  { type: 'STOP_TALKING', hasText: true },
);
const sending = run(
  { type: 'START_TALKING' },
  { type: 'STOP_TALKING', hasText: true },
  { type: 'SEND' },
);
const botTalking = chatReducer(sending, { type: 'AUDIO_STARTED' });

describe('the main button', () => {
  it('says RÉPONDRE / ARRÊTER / ENVOYER / INTERROMPRE in French and ANSWER / STOP / SEND / INTERRUPT in English', () => {
    expect(chatStates.map((s) => frInterview.states[s].button)).toEqual([
      'RÉPONDRE',
      'ARRÊTER',
      'ENVOYER',
      'INTERROMPRE',
    ]);
    expect(chatStates.map((s) => enInterview.states[s].button)).toEqual([
      'ANSWER',
      'STOP',
      'SEND',
      'INTERRUPT',
    ]);
  });

  it('starts, stops, sends or interrupts depending on the state', () => {
    expect(mainActionFor).toEqual({
      'user-can-talk': 'start',
      'user-talking': 'stop',
      'user-updating': 'send',
      'bot-talking': 'interrupt',
    });
  });

  it('has a French help text per state that names the button to press', () => {
    expect(frInterview.states['user-can-talk'].help).toMatch(/Répondre/);
    expect(frInterview.states['user-talking'].help).toMatch(/Arrêter/);
    expect(frInterview.states['user-updating'].help).toMatch(/modifier.*Envoyer/);
    expect(frInterview.states['bot-talking'].help).toMatch(/Interrompre/);
  });
});

describe('chatReducer', () => {
  it('starts in user-can-talk, and the main button there starts listening', () => {
    expect(initialChatMachine.state).toBe('user-can-talk');
    expect(talking).toEqual({
      state: 'user-talking',
      paused: false,
      countdown: false,
      sending: false,
    });
  });

  it('goes from user-talking to user-updating with the countdown only when there is text', () => {
    expect(updatingWithCountdown).toMatchObject({ state: 'user-updating', countdown: true });
    expect(chatReducer(talking, { type: 'STOP_TALKING', hasText: false }).state).toBe(
      'user-can-talk',
    );
  });

  it('toggles the paused flag only while talking', () => {
    const paused = chatReducer(talking, { type: 'TOGGLE_PAUSE' });
    expect(paused).toMatchObject({ state: 'user-talking', paused: true });
    expect(chatReducer(paused, { type: 'TOGGLE_PAUSE' }).paused).toBe(false);
    expect(chatReducer(initialChatMachine, { type: 'TOGGLE_PAUSE' })).toBe(initialChatMachine);
    // Stopping while paused still leads to the answer and its countdown.
    expect(chatReducer(paused, { type: 'STOP_TALKING', hasText: true })).toMatchObject({
      state: 'user-updating',
      countdown: true,
      paused: false,
    });
  });

  it('cancels the countdown when the text is edited or the person asks to wait', () => {
    expect(
      chatReducer(updatingWithCountdown, { type: 'TEXT_EDITED', hasText: true }),
    ).toMatchObject({ state: 'user-updating', countdown: false });
    expect(chatReducer(updatingWithCountdown, { type: 'CANCEL_COUNTDOWN' }).countdown).toBe(false);
  });

  it('sending cancels the countdown and waits for the reply; a failure keeps the answer', () => {
    expect(sending).toMatchObject({ state: 'user-updating', countdown: false, sending: true });
    // A second press while waiting changes nothing (no double send).
    expect(chatReducer(sending, { type: 'SEND' })).toBe(sending);
    expect(chatReducer(sending, { type: 'TEXT_EDITED', hasText: true })).toBe(sending);
    expect(chatReducer(sending, { type: 'CLEAR' })).toBe(sending);
    expect(chatReducer(sending, { type: 'SEND_FAILED' })).toMatchObject({
      state: 'user-updating',
      sending: false,
      countdown: false,
    });
  });

  it('enters bot-talking when the reply audio plays, and user-can-talk when it cannot', () => {
    expect(botTalking).toMatchObject({ state: 'bot-talking', sending: false });
    expect(chatReducer(sending, { type: 'AUDIO_FAILED', hasText: false })).toEqual(
      initialChatMachine,
    );
  });

  it('leaves bot-talking for user-can-talk at the end of the audio or on interrupt', () => {
    expect(chatReducer(botTalking, { type: 'AUDIO_ENDED', hasText: false }).state).toBe(
      'user-can-talk',
    );
    expect(chatReducer(botTalking, { type: 'INTERRUPT', hasText: false }).state).toBe(
      'user-can-talk',
    );
    // A replay heard while an answer was being written goes back to that answer, without countdown.
    expect(chatReducer(botTalking, { type: 'AUDIO_ENDED', hasText: true })).toMatchObject({
      state: 'user-updating',
      countdown: false,
    });
  });

  it('replay makes the biographer talk from user-can-talk, never over the microphone', () => {
    expect(chatReducer(initialChatMachine, { type: 'AUDIO_STARTED' }).state).toBe('bot-talking');
    expect(chatReducer(talking, { type: 'AUDIO_STARTED' })).toBe(talking);
    // A failed replay changes nothing.
    expect(chatReducer(initialChatMachine, { type: 'AUDIO_FAILED', hasText: false })).toEqual(
      initialChatMachine,
    );
  });

  it('clear empties everything back to user-can-talk from any state', () => {
    for (const machine of [talking, updatingWithCountdown, botTalking]) {
      expect(chatReducer(machine, { type: 'CLEAR' })).toEqual(initialChatMachine);
    }
  });

  it('typing is answering in every state', () => {
    expect(chatReducer(initialChatMachine, { type: 'TEXT_EDITED', hasText: true })).toMatchObject({
      state: 'user-updating',
      countdown: false,
    });
    expect(chatReducer(botTalking, { type: 'TEXT_EDITED', hasText: true }).state).toBe(
      'user-updating',
    );
    // Erasing the whole answer returns to the start.
    expect(chatReducer(updatingWithCountdown, { type: 'TEXT_EDITED', hasText: false }).state).toBe(
      'user-can-talk',
    );
    // Correcting while the microphone listens pauses it.
    expect(chatReducer(talking, { type: 'TEXT_EDITED', hasText: true })).toMatchObject({
      state: 'user-talking',
      paused: true,
    });
  });

  it('a recognition failure stops listening without sending', () => {
    expect(chatReducer(talking, { type: 'SPEECH_FAILED', hasText: true })).toMatchObject({
      state: 'user-updating',
      countdown: false,
    });
    expect(chatReducer(talking, { type: 'SPEECH_FAILED', hasText: false }).state).toBe(
      'user-can-talk',
    );
  });

  it('a draft taken back is an answer being edited; an outbox delivery waits for the voice', () => {
    expect(chatReducer(initialChatMachine, { type: 'RESTORE_DRAFT' })).toMatchObject({
      state: 'user-updating',
      countdown: false,
    });
    const delivered = chatReducer(initialChatMachine, { type: 'REPLY_DELIVERED' });
    expect(delivered).toMatchObject({ state: 'user-updating', sending: true });
    expect(chatReducer(delivered, { type: 'AUDIO_STARTED' }).state).toBe('bot-talking');
  });
});
