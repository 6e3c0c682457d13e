// Browser and device detection from the user agent (spec §4 "Other") and when the warning shows.
import { describe, expect, it } from 'vitest';
import { browserWarningFor, detectBrowser, isDesktop, isMobile } from '../../../src/lib/browser';

const agents = {
  chromeDesktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeDesktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  firefoxDesktop: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36',
  firefoxAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0',
  firefoxIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  operaMini:
    'Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25 Version/10.54',
  curl: 'curl/8.5.0',
};

describe('detectBrowser', () => {
  it.each([
    ['chromeDesktop', 'chrome'],
    ['edgeDesktop', 'edge'],
    ['firefoxDesktop', 'firefox'],
    ['safariMac', 'safari'],
    ['safariIphone', 'safari'],
    ['chromeIphone', 'chrome'],
    ['chromeAndroid', 'android'],
    ['firefoxAndroid', 'firefox'],
    ['firefoxIos', 'firefox'],
    ['curl', 'other'],
  ] as const)('%s is %s', (agent, expected) => {
    expect(detectBrowser(agents[agent])).toBe(expected);
  });
});

describe('mobile detection', () => {
  it.each(['safariIphone', 'chromeAndroid', 'firefoxAndroid', 'ipad', 'operaMini'] as const)(
    '%s is mobile',
    (agent) => {
      expect(isMobile(agents[agent])).toBe(true);
      expect(isDesktop(agents[agent])).toBe(false);
    },
  );
  it.each(['chromeDesktop', 'edgeDesktop', 'firefoxDesktop', 'safariMac'] as const)(
    '%s is desktop',
    (agent) => {
      expect(isDesktop(agents[agent])).toBe(true);
    },
  );
});

describe('browser warning', () => {
  it('shows the default message on Firefox and the Android one on Android, nothing elsewhere', () => {
    expect(browserWarningFor('firefox')).toBe('default');
    expect(browserWarningFor('android')).toBe('android');
    for (const browser of ['chrome', 'edge', 'safari', 'other'] as const)
      expect(browserWarningFor(browser)).toBeNull();
  });
});
