import { css } from 'lit';

/** Shared look: dark like RViz, readable at arm's length, large targets in kiosk mode. */
export const theme = css`
  :host {
    --bg: #1e1f22; --panel: #2b2d31; --panel-2: #33363c; --line: #43464d; --text: #e6e6e6; --muted: #a0a4ab;
    --accent: #5fa8ff; --ok: #4caf50; --warn: #f0b429; --err: #ff7b72; --info: #7aa7d6;
    --radius: 6px; --pad: 8px; --target: 32px;
    color: var(--text); font: 14px/1.4 system-ui, sans-serif;
  }
  :host([kiosk]) { --target: 48px; font-size: 17px; }
  button, input, select, textarea {
    font: inherit; color: var(--text); background: var(--panel-2); border: 1px solid var(--line);
    border-radius: var(--radius); min-height: var(--target); padding: 0 10px; box-sizing: border-box;
  }
  button { cursor: pointer; }
  /* Keyboard focus is always visible (3:1 against every surface, see test/unit/house/contrast.test.ts). */
  :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  button:hover:not(:disabled) { border-color: var(--accent); }
  button:disabled { opacity: .5; cursor: default; }
  button.primary { background: #2f5f9a; border-color: #3d79c2; }
  .chip { display: inline-block; padding: 0 6px; border-radius: 10px; font-size: 12px; line-height: 18px;
    background: var(--panel-2); border: 1px solid var(--line); white-space: nowrap; }
  .chip.reported { border-color: var(--ok); }
  .chip.inferred { border-color: var(--warn); border-style: dashed; }
  .chip.unknown { color: var(--muted); }
  .muted { color: var(--muted); }
  .error { color: var(--err); }
  .warn { color: var(--warn); }
  .mono { font-family: ui-monospace, 'DejaVu Sans Mono', monospace; font-size: 13px; }
`;
