// Shared pieces of the Web Test Runner setup: Debian's Chromium (never a downloaded one) and quiet logs.
import { chromeLauncher } from '@web/test-runner-chrome';
import { findChromium, chromiumArgs } from '../scripts/chromium-path.ts';

export const debianChromium = () =>
  chromeLauncher({
    launchOptions: { executablePath: findChromium(), headless: true, args: chromiumArgs },
  });

export const filterBrowserLogs = ({ args }) =>
  !args.some((a) => typeof a === 'string' && (a.startsWith('Lit is in dev mode') || a.startsWith('[vite]')));
