import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { describeSendOutcome, type SendMessage } from '../core/bridge/messages.ts';
import { deriveRvizState, type RvizState } from '../core/bridge/state.ts';
import { RvizBridge, type RvizBridgeView } from '../link/bridge.ts';
import type { RobotLink } from '../link/types.ts';
import type { LinkController } from './link-controller.ts';

/**
 * Makes a running RViz follow the document through the robot's bridge: one RvizBridge per robot link, the RViz state
 * for the top bar (core/bridge/state.ts decides it), the "Send to RViz" switch (on by default when a bridge is
 * present), sending the whole document after Apply / Undo / Redo, and the bridge's answer as a short message.
 */
export class RvizStateController implements ReactiveController {
  public message: (SendMessage & { at: number }) | undefined;
  public sending = false;
  private userChoice: boolean | undefined;
  private link: RobotLink | undefined;
  private bridge: RvizBridge | undefined;
  private offBridge: (() => void) | undefined;
  private view: RvizBridgeView | undefined;

  public constructor(private readonly host: ReactiveControllerHost, private readonly robot: LinkController) {
    host.addController(this);
  }

  public hostUpdate(): void { this.bind(); }
  public hostDisconnected(): void { this.unbind(); }

  /** The state shown in the top bar, from the robot's graph and the bridge's telling statuses. */
  public get state(): RvizState {
    return deriveRvizState({ presence: this.robot.presence, topics: this.robot.snapshot?.topics, evidence: this.view?.evidence });
  }

  /** Whether Apply and Undo send the document now. */
  public get sendEnabled(): boolean {
    const s = this.state;
    return s.bridgePresent && (this.userChoice ?? s.sendByDefault);
  }

  public setSendEnabled(on: boolean): void {
    this.userChoice = on;
    this.host.requestUpdate();
  }

  /** The status message of the bridge itself when it could not be read (a robot problem, shown, never thrown). */
  public get statusProblem() { return this.view?.problem; }

  /** Called after the document changed by Apply, Undo or Redo: sends the whole text when RViz follows. */
  public documentChanged(text: string): void {
    const bridge = this.bridge;
    if (!bridge || !this.sendEnabled) return;
    this.sending = true;
    this.message = undefined;
    this.host.requestUpdate();
    void bridge.send(text).then((outcome) => {
      if (bridge !== this.bridge || outcome.kind === 'superseded') return;
      this.sending = false;
      this.message = { ...describeSendOutcome(outcome), at: Date.now() };
      this.host.requestUpdate();
    });
  }

  /** Another robot is at the address: the previous robot's RViz answer is not about this one. */
  public forgetAnswer(): void {
    this.message = undefined;
    this.sending = false;
    this.host.requestUpdate();
  }

  private bind(): void {
    const link = this.robot.link;
    if (link === this.link) return;
    this.unbind();
    this.link = link;
    if (!link) return;
    const bridge = new RvizBridge(link);
    this.bridge = bridge;
    bridge.start();
    this.view = bridge.state();
    this.offBridge = bridge.onChange((view) => {
      const changed = view.evidence !== this.view?.evidence || view.problem !== this.view?.problem;
      this.view = view;
      if (changed) this.host.requestUpdate();
    });
  }

  private unbind(): void {
    this.offBridge?.();
    this.bridge?.stop();
    this.offBridge = undefined;
    this.bridge = undefined;
    this.link = undefined;
    this.view = undefined;
    this.userChoice = undefined;
    this.sending = false;
    this.message = undefined;
  }
}
