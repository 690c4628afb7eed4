// Regenerates sim/scenarios/NAME.rviz from sim/rviz/configs.ts:  node --import tsx sim/rviz/write-configs.ts
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCENARIOS_DIR } from '../scenario.ts';
import { RVIZ_CONFIGS, renderRvizConfig } from './configs.ts';

for (const name of Object.keys(RVIZ_CONFIGS)) {
  const file = join(SCENARIOS_DIR, `${name}.rviz`);
  writeFileSync(file, renderRvizConfig(name));
  process.stdout.write(`wrote ${file}\n`);
}
