#!/usr/bin/env node
// Runs the TypeScript CLI through tsx so the bin works straight from a checkout (Node 20 cannot strip types).
import { register } from 'tsx/esm/api';
register();
await import('../src/cli/main.ts');
