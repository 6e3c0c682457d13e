// Makes tests/e2e/fixtures/answer-fr.wav: a spoken French answer in espeak-ng's voice (the embedded voice
// provider), which the voice journeys give Chromium as its fake microphone
// (`--use-file-for-fake-audio-capture`). Run again only to change the words: `npx tsx scripts/make-voice-fixture.ts`.
import { writeFileSync } from 'node:fs';
import { EmbeddedVoiceProvider } from '../src/providers/voice/embedded.ts';

const voice = new EmbeddedVoiceProvider();
const { wav, durationMs } = await voice.synthesize(
  'Je suis née à Douarnenez, en mille neuf cent trente-deux.',
  'fr',
);
await voice.close();
const file = new URL('../../tests/e2e/fixtures/answer-fr.wav', import.meta.url);
writeFileSync(file, wav);
console.log(`${file.pathname}: ${wav.length} bytes, ${durationMs} ms`);
