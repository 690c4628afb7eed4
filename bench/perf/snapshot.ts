// Benchmark script (not a test): node --import tsx bench/perf/snapshot.ts
import { formatPerfTable, measureAll } from './measure.ts';

const rows = await measureAll();
process.stdout.write(formatPerfTable(rows));
