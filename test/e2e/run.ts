// Runs every end-to-end case against the built app (`vite build` runs first, see package.json).
import { runCases } from './harness.ts';
import { robotCase } from './robot.e2e.ts';
import { heldWholeCase, heldWholeKioskCase, kioskChoicesCase, plannerCase, plannerChoicesCase } from './planner.e2e.ts';
import { assistantCase } from './assistant.e2e.ts';
import { badUrlCase, recoveryCase } from './recovery.e2e.ts';
import { viewCase, viewScreensCase } from './view.e2e.ts';
import { bridgeFollowsCase, bridgeRefusedCase, noBridgeCase } from './bridge.e2e.ts';
import { serveOfflineCase } from './serve.e2e.ts';
import { transitionsAppCases } from './transitions-app.e2e.ts';
import { transitionsLinkCase } from './transitions-link.e2e.ts';
import { editorAddByTopicCase, editorMapAndGlobalCase, editorScreensCase, editorSizeCase } from './property-editor.e2e.ts';
import { applyEconomyCase, qosGateCase, staleOnKillCase, staleOnPauseCase } from './display-truth.e2e.ts';
import { mcpClientChangeCase } from './mcp-client.e2e.ts';
import { deskFirstMinuteCase, deskPinchCase, kioskReadonlyCase, kioskTouchCase, kioskWaitingCase } from './kiosk.e2e.ts';

const failed = await runCases([robotCase, plannerCase, plannerChoicesCase, kioskChoicesCase, heldWholeCase, heldWholeKioskCase, assistantCase, recoveryCase, badUrlCase, viewCase, viewScreensCase,
  bridgeFollowsCase, bridgeRefusedCase, noBridgeCase,
  kioskTouchCase, kioskReadonlyCase, kioskWaitingCase, deskFirstMinuteCase, deskPinchCase, serveOfflineCase,
  editorSizeCase, editorAddByTopicCase, editorMapAndGlobalCase, editorScreensCase,
  staleOnPauseCase, staleOnKillCase, qosGateCase, applyEconomyCase, transitionsLinkCase, ...transitionsAppCases, mcpClientChangeCase]);
process.exit(failed === 0 ? 0 : 1);
