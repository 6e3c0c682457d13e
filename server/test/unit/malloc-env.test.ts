// The allocator settings are read by glibc when the process starts, so they live outside the code:
// in the npm scripts and the systemd unit. They must say what src/malloc-env.ts says.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config.ts';
import { MALLOC_ENV } from '../../src/malloc-env.ts';

const pairs = Object.entries(MALLOC_ENV).map(([name, value]) => `${name}=${value}`);

describe('MALLOC_ENV', () => {
  it('is what npm start, start:api and start:worker run the server with', () => {
    const { scripts } = JSON.parse(readFileSync(join(repoRoot, 'server/package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    for (const script of ['start', 'start:api', 'start:worker'])
      expect(scripts[script], script).toMatch(
        new RegExp(`^${pairs.join(' ')} node dist/server\\.js( --role=\\w+)?$`),
      );
  });

  it('is what the systemd unit runs the server with', () => {
    const unit = readFileSync(join(repoRoot, 'deploy/chapitres.service'), 'utf8');
    expect(unit).toContain(`Environment=${pairs.join(' ')}\n`);
  });
});
