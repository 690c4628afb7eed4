/**
 * The live view's display states (src/core/diagnosis/display-state.ts), shared with the Displays panel and the kiosk
 * so every place shows the same truth. <live-view> publishes them (by display path) whenever they change; the
 * components that show them listen. Holds no rule of its own.
 */
import type { DisplayState } from '../core/diagnosis/display-state.ts';

export interface SharedDisplayState { state: DisplayState; label: string; detail?: string }

export class DisplayStateBoard extends EventTarget {
  private states: ReadonlyMap<string, SharedDisplayState> = new Map();
  private json = '';

  /** The states of the document's enabled displays now, by display path; listeners hear `change` when they differ. */
  public publish(states: ReadonlyMap<string, SharedDisplayState>): void {
    const json = JSON.stringify([...states]);
    if (json === this.json) return;
    this.json = json;
    this.states = new Map(states);
    this.dispatchEvent(new Event('change'));
  }

  public get(path: string): SharedDisplayState | undefined { return this.states.get(path); }
}

/** The page's one board (one live view per page). */
export const displayStates = new DisplayStateBoard();
