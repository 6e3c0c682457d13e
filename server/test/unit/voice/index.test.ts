// createVoiceProvider: the remote voice when a key or base URL is configured, the built-in one otherwise.
import { describe, expect, test } from 'vitest';
import { EmbeddedVoiceProvider } from '../../../src/providers/voice/embedded.ts';
import { createVoiceProvider } from '../../../src/providers/voice/index.ts';
import { OpenAIVoiceProvider } from '../../../src/providers/voice/openai.ts';

describe('createVoiceProvider', () => {
  test.each([
    [{}, 'embedded', EmbeddedVoiceProvider],
    [{ ttsModel: 'tts-1', ttsVoice: 'alloy' }, 'embedded', EmbeddedVoiceProvider],
    [{ openaiApiKey: 'sk-test' }, 'openai', OpenAIVoiceProvider],
    [{ openaiBaseUrl: 'http://127.0.0.1:8000/v1' }, 'openai', OpenAIVoiceProvider],
  ])('%j gives the %s voice', async (options, kind, type) => {
    const voice = createVoiceProvider(options);
    try {
      expect(voice.kind).toBe(kind);
      expect(voice).toBeInstanceOf(type);
    } finally {
      await voice.close();
    }
  });
});
