// Key types of the conversation (chapter page) namespace, from its French catalogue.
import type conversation from '../../../locales/fr/conversation.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    conversation: typeof conversation;
  }
}
