// Browser tests need a Chromium. Use the one present; as root with apt, install Debian's; otherwise say the one command to run.
import { execSync } from 'node:child_process';
import { findChromium } from './chromium-path.ts';

if (!findChromium()) {
  const isRoot = process.getuid?.() === 0;
  let hasApt = false;
  try { execSync('command -v apt-get', { stdio: 'ignore' }); hasApt = true; } catch { /* no apt */ }
  if (isRoot && hasApt) {
    console.log('Chromium not found: installing Debian\'s chromium (apt-get install -y chromium)…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  } else {
    console.error('Browser tests need Chromium. Install it with:  sudo apt-get install -y chromium   (or set CHROME_PATH)');
    process.exit(1);
  }
}
