import { existsSync } from 'node:fs';

/** The Chromium the browser and e2e tests use: CHROME_PATH, then Debian's, then Google's. Never a downloaded one. */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/google-chrome'];
  return candidates.find((p): p is string => !!p && existsSync(p));
}

/** Flags for root in a container with a closed network (see the toolchain reference). */
export const chromiumArgs = [
  '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
