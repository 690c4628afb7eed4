// `npm start`: the simulated robot (turtlebot_nav on ws://127.0.0.1:9090) and the Vite dev server, in one process.
// If something already listens on 9090 (a real rosbridge, another sim), the app is started alone and connects to it.
import { createServer } from 'vite';
import { startSim } from '../sim/server.ts';

const SIM_PORT = Number(process.env.SIM_PORT ?? 9090);
const SCENARIO = process.env.SIM_SCENARIO ?? 'turtlebot_nav';

async function main(): Promise<void> {
  let sim: Awaited<ReturnType<typeof startSim>> | undefined;
  try {
    sim = await startSim({ scenario: SCENARIO, port: SIM_PORT });
    console.log(`sim: scenario ${SCENARIO} on ${sim.url}`);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.warn(`sim: not started (${message}); the app will connect to whatever listens on ws://localhost:${SIM_PORT}`);
  }
  const vite = await createServer({ configFile: 'vite.config.ts' });
  await vite.listen();
  vite.printUrls();
  console.log('Open the URL above; add ?url=ws://ROBOT:9090 to connect to a real robot running rosbridge.');
  const stop = async () => {
    await vite.close();
    await sim?.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

await main();
