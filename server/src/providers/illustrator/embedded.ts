// The built-in illustrator: the seeded landscape of scene.ts rendered to PNG by resvg, offline and free.
import { renderAsync } from '@resvg/resvg-js';
import { buildSceneSvg, HEIGHT, WIDTH } from './scene.ts';
import {
  IllustratorUnavailableError,
  type Illustration,
  type IllustrationRequest,
  type Illustrator,
} from './types.ts';

export class EmbeddedIllustrator implements Illustrator {
  readonly kind = 'embedded' as const;

  async illustrate(input: IllustrationRequest, signal?: AbortSignal): Promise<Illustration> {
    signal?.throwIfAborted();
    const { svg } = buildSceneSvg(input);
    let png: Buffer;
    try {
      // renderAsync runs on libuv's thread pool, so a render never blocks the API's event loop.
      // The artwork has no text: skipping the system font scan saves most of the start-up time.
      const rendered = await renderAsync(svg, {
        fitTo: { mode: 'original' },
        font: { loadSystemFonts: false },
        shapeRendering: 2,
        imageRendering: 0,
      });
      png = rendered.asPng();
    } catch (error) {
      throw new IllustratorUnavailableError('The built-in artwork could not be rendered', {
        cause: error,
      });
    }
    signal?.throwIfAborted();
    return { png, width: WIDTH, height: HEIGHT, prompt: null };
  }
}
