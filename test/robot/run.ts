// The robot layer: the companion against a real rosbridge server (rosbridge-server-rs) and real rclpy publishers.
// `npm run test:robot` (vite build runs first). ROBOT_ONLY=<text> runs the cases whose name contains it.
import { runRobotCases } from './harness.ts';
import { askCase, connectCase, lintCase, pushCase, qosCase, tfCase } from './cli.robot.ts';
import { applyCase, bootCase, restartCase, viewCase } from './app.robot.ts';
import { parityCborCase, parityEarlyCase, parityLateCase, parityRefusalCase, parityRosapiCase, parityTable } from './parity.robot.ts';

const failed = await runRobotCases([
  connectCase, qosCase, tfCase, pushCase, lintCase, askCase,
  viewCase, applyCase,
  parityRosapiCase, parityCborCase, parityLateCase, parityRefusalCase,
  // These restart rosbridge: last.
  parityEarlyCase, restartCase, bootCase,
], () => { const t = parityTable(); if (t) console.log(`\nparity probe (also in test-results/robot-parity.md):\n${t}\n`); });
process.exit(failed);
