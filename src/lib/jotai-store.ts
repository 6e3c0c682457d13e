// The app's one jotai store (UI and device state only: server data lives in the query cache).
import { createStore } from 'jotai';

export const appStore = createStore();
