/**
 * Headless Chromium for the browser tests and the screenshot scripts: Debian's `chromium` (installed
 * by `.ci/run`) driven by playwright-core, started the one way every browser test starts it.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';

/** Debian's Chromium binary. */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * Whether the browser tests run here: always on CI (which installs Chromium, so a missing binary
 * fails there rather than skipping), elsewhere when the binary is present.
 */
export const haveBrowser = existsSync(CHROMIUM) || Boolean(process.env.CI);

/** A folder to write the tests' screenshots to (`SKIRMISH_SCREENSHOTS`), or undefined for none. */
export const shots: string | undefined = process.env.SKIRMISH_SCREENSHOTS;

/**
 * A fresh headless Chromium context with its own throw-away profile folder, 1400 × 900 pixels
 * unless `viewport` says otherwise, with the switches that keep it off the network and quiet.
 * `acceptDownloads` lets a test read what a page downloads. The caller closes it.
 */
export async function launchChromium(
  o: { acceptDownloads?: boolean; viewport?: { width: number; height: number } } = {},
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'skirmish-chromium-')), {
    executablePath: CHROMIUM,
    headless: true,
    acceptDownloads: o.acceptDownloads ?? false,
    viewport: o.viewport ?? { width: 1400, height: 900 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Collects a page's faults into `errors`: uncaught exceptions, and console errors except those
 * `byDesign` accepts (a refusal the page answers by showing its reason, say). Call before `goto`.
 */
export function watchFaults(page: Page, errors: string[], byDesign: (m: ConsoleMessage) => boolean = () => false): void {
  page.on('console', (m) => {
    if (m.type() === 'error' && !byDesign(m)) errors.push(`console: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
}
