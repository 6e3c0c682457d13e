// The chat's state machine (spec §4 "Chat states"): the four states, the paused flag while talking, the
// auto-send countdown and the wait for the reply. Pure: the view turns each event into side effects.
export const chatStates = [
  'user-can-talk',
  'user-talking',
  'user-updating',
  'bot-talking',
] as const;
export type ChatState = (typeof chatStates)[number];

export interface ChatMachine {
  state: ChatState;
  /** Listening is paused (user-talking only): resuming appends new speech after the earlier text. */
  paused: boolean;
  /** The auto-send countdown runs (user-updating only). */
  countdown: boolean;
  /** The answer went out and the reply (then its audio) is awaited (user-updating only). */
  sending: boolean;
}

export type ChatEvent =
  /** Main button in user-can-talk: listening starts on an emptied text. */
  | { type: 'START_TALKING' }
  /** Main button in user-talking. */
  | { type: 'STOP_TALKING'; hasText: boolean }
  | { type: 'TOGGLE_PAUSE' }
  /** Listening stopped by itself (a recognition error): nothing is sent without the person. */
  | { type: 'SPEECH_FAILED'; hasText: boolean }
  /**
   * Main button in user-talking when the server turns the recording into words (issue 20): the words
   * come later and are for the person to read over, so no countdown.
   */
  | { type: 'LISTENED'; hasText: boolean }
  /** The person typed or corrected the text. */
  | { type: 'TEXT_EDITED'; hasText: boolean }
  | { type: 'CANCEL_COUNTDOWN' }
  /** Main button in user-updating, or the countdown reached 100. */
  | { type: 'SEND' }
  /** The send did not go through (no connection, server trouble): the text stays. */
  | { type: 'SEND_FAILED' }
  /** An answer queued earlier was delivered by the outbox: its reply's audio is on its way. */
  | { type: 'REPLY_DELIVERED' }
  | { type: 'AUDIO_STARTED' }
  /** The reply's audio could not be fetched or played. */
  | { type: 'AUDIO_FAILED'; hasText: boolean }
  | { type: 'AUDIO_ENDED'; hasText: boolean }
  /** Main button in bot-talking. */
  | { type: 'INTERRUPT'; hasText: boolean }
  | { type: 'CLEAR' }
  /** The person took back the answer kept from an earlier visit. */
  | { type: 'RESTORE_DRAFT' };

export const initialChatMachine: ChatMachine = {
  state: 'user-can-talk',
  paused: false,
  countdown: false,
  sending: false,
};

const canTalk: ChatMachine = initialChatMachine;
const updating = (countdown: boolean): ChatMachine => ({
  state: 'user-updating',
  paused: false,
  countdown,
  sending: false,
});
/** Back from the assistant's voice: to the answer being written if there is one. */
const afterBot = (hasText: boolean): ChatMachine => (hasText ? updating(false) : canTalk);

export function chatReducer(machine: ChatMachine, event: ChatEvent): ChatMachine {
  const { state } = machine;
  switch (event.type) {
    case 'START_TALKING':
      return state === 'user-can-talk'
        ? { state: 'user-talking', paused: false, countdown: false, sending: false }
        : machine;
    case 'STOP_TALKING':
      if (state !== 'user-talking') return machine;
      return event.hasText ? updating(true) : canTalk;
    case 'TOGGLE_PAUSE':
      return state === 'user-talking' ? { ...machine, paused: !machine.paused } : machine;
    case 'SPEECH_FAILED':
    case 'LISTENED':
      if (state !== 'user-talking') return machine;
      return event.hasText ? updating(false) : canTalk;
    case 'TEXT_EDITED':
      if (machine.sending) return machine;
      switch (state) {
        // Correcting while the microphone listens would fight the dictation: listening pauses, and
        // resuming appends after the corrected text.
        case 'user-talking':
          return { ...machine, paused: true };
        case 'user-updating':
          return event.hasText ? updating(false) : canTalk;
        // Typing is answering too, in every other state.
        case 'user-can-talk':
        case 'bot-talking':
          return event.hasText ? updating(false) : canTalk;
      }
      return machine;
    case 'CANCEL_COUNTDOWN':
      return state === 'user-updating' ? { ...machine, countdown: false } : machine;
    case 'SEND':
      return state === 'user-updating' && !machine.sending
        ? { ...machine, countdown: false, sending: true }
        : machine;
    case 'SEND_FAILED':
      return machine.sending ? { ...machine, sending: false } : machine;
    case 'REPLY_DELIVERED':
      // Whatever the screen was doing, the reply's voice comes next (the answer left with the outbox).
      return { state: 'user-updating', paused: false, countdown: false, sending: true };
    case 'AUDIO_STARTED':
      return state === 'user-talking'
        ? machine
        : { state: 'bot-talking', paused: false, countdown: false, sending: false };
    case 'AUDIO_FAILED':
      if (state === 'user-talking') return machine;
      return machine.sending ? afterBot(event.hasText) : { ...machine, sending: false };
    case 'AUDIO_ENDED':
    case 'INTERRUPT':
      return state === 'bot-talking' ? afterBot(event.hasText) : machine;
    case 'CLEAR':
      return machine.sending ? machine : canTalk;
    case 'RESTORE_DRAFT':
      return updating(false);
  }
}

/** What the main button does in each state. */
export type MainAction = 'start' | 'stop' | 'send' | 'interrupt';

export const mainActionFor: Record<ChatState, MainAction> = {
  'user-can-talk': 'start',
  'user-talking': 'stop',
  'user-updating': 'send',
  'bot-talking': 'interrupt',
};
