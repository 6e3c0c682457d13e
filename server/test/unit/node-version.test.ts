import { describe, expect, it } from 'vitest';
import { unsupportedNode } from '../../src/node-version.ts';

describe('the Node.js version check', () => {
  it('accepts the current LTS lines and refuses older ones with a plain sentence', () => {
    for (const version of ['22.12.0', '22.23.3', '24.21.0', '26.10.0', '27.0.0'])
      expect(unsupportedNode(version), version).toBeNull();
    for (const version of ['20.20.2', '22.11.0', '18.19.1']) {
      const message = unsupportedNode(version);
      expect(message, version).toContain(`this is Node.js ${version}`);
      expect(message).toContain('Node.js 22.12 or newer');
    }
  });

  it('lets the running Node.js start (CI and npm start run on a supported line)', () => {
    expect(unsupportedNode(process.versions.node)).toBeNull();
  });
});
