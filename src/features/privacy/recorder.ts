// rrweb's recorder, in a chunk of its own: loaded only when a person opted in to the recording of their
// visits on a server set up for it (session-recording.ts), never otherwise. Re-exported from a module of
// ours so that the bundler keeps record() and leaves rrweb's player out.
export { record } from 'rrweb';
