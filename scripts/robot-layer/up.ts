// Runs the robot layer by hand: rosbridge-server-rs, the rclpy test robot and the bridge node (fake rviz2), from the
// layer's cache, until Ctrl-C. `node --import tsx scripts/robot-layer/up.ts [--port 9190]`
import { prepare, startLayer } from './layer.ts';

const at = process.argv.indexOf('--port');
const port = at > 0 ? Number(process.argv[at + 1]) : 9190;
if (!Number.isInteger(port) || port < 1 || port > 65535) { console.error(`--port: not a port: ${process.argv[at + 1]}`); process.exit(2); }
const prep = prepare();
if (!prep.ok) { console.error(`robot layer: ${prep.reason}`); process.exit(1); }
const layer = await startLayer(prep, { port });
console.log(`robot layer up: ${layer.url} (ROS_DOMAIN_ID ${layer.domainId}; logs in ${layer.logDir})`);
console.log(`open the companion with ?url=${encodeURIComponent(layer.url)}   Ctrl-C stops everything`);
const stop = async (): Promise<void> => { await layer.close(); process.exit(0); };
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
