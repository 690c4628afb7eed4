import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Presence } from '../core/graph/types.ts';
import type { RobotLink } from '../link/types.ts';
import { fingerprintOf, identify, parseIdentities, rememberIdentity, type RobotIdentity } from '../core/robot/identity.ts';
import { checkSend, configHash, remoteMeaning, type RobotRef, type SendCheck } from '../core/robot/config-sync.ts';
import type { DocumentController } from './document-controller.ts';
import type { LinkController } from './link-controller.ts';
import { rememberRobotUrl } from './robot-url.ts';

const IDENTITIES_KEY = 'rviz-companion.robots';
/**
 * For this long after a (re)connect the robot may still be coming up (rosapi discovers nodes over seconds), so each
 * new snapshot may still say it is another robot than a partial first graph suggested; afterwards it only grows.
 */
const settleMs = 20_000;
const externalLabel = 'change by another client';
const REMOTES_KEY = 'rviz-companion.robot-configs';
const SENT_KEY = 'rviz-companion.robot-sent';
/** How many of the configs sent to each robot are remembered to recognise their echo. */
const rememberSent = 4;

/** What the app tells the user about robots and their configs (one notice at a time, newest wins). */
export interface RobotNotice {
  kind: 'other-robot' | 'external-change' | 'not-sent';
  text: string;
  /** The robot whose document was kept, offered as "Use its document here". */
  previous?: RobotRef;
}

export interface SendRequest { text: string; question: string; confirmLabel: string }

export interface RobotDocumentsHooks {
  /** Sends the document to the connected robot's RViz (RvizStateController.documentChanged). */
  send(text: string): void;
  /** Whether an edit would be sent now (a bridge is there and "Send to RViz" is on). */
  wouldSend(): boolean;
  /** Another robot was identified at the address. */
  robotChanged?(): void;
}

/**
 * Each robot's own document: identifies the robot at the address from its graph (core/robot/identity.ts) after every
 * (re)connect, keeps the previous robot's document for it and opens the new robot's when the robot changed, follows
 * the robot's current config (core/robot/config-sync.ts: first sight, our echo, or a change by another client taken
 * as one undo step), and holds a send to RViz for confirmation when the document was opened for another robot or the
 * robot's config changed since the document saw it. The URL is remembered once it connected.
 */
export class RobotDocumentsController implements ReactiveController {
  /** The robot connected now; undefined while the robot at the address is not identified (just (re)connected). */
  public connected: RobotIdentity | undefined;
  /** Changes each time another robot is identified at the address: the live view is keyed by it. */
  public viewEpoch = 0;
  public notice: RobotNotice | undefined;
  /** A send waiting for the user's answer. */
  public confirm: SendRequest | undefined;

  private known: RobotIdentity[];
  private remotes: Record<string, string>;
  /**
   * Hashes of the configs this app sent to each robot lately. Kept across reloads: an echo arriving after one (the
   * bridge loads a config in a few hundred ms) is our own send, not a change by another client.
   */
  private sent: Record<string, string[]>;
  private link: RobotLink | undefined;
  private offState: (() => void) | undefined;
  private presence: Presence = 'idle';
  /** The snapshot present when the connection was (re)made: identification waits for a newer one. */
  private staleSnapshot: unknown;
  private pendingRemote: string | undefined;
  /** The robot's config last received on this connection (offered again if the robot turns out to be another). */
  private lastRemoteText: string | undefined;
  private connectedAt: number | undefined;
  /** A change by another client adopted on this connection, taken back if the robot turns out to be another. */
  private adoptedOnConnection: { key: string; previousRemote: string | undefined } | undefined;
  private pendingSend = false;

  public constructor(private readonly host: ReactiveControllerHost, private readonly robot: LinkController,
    private readonly document: DocumentController, private readonly hooks: RobotDocumentsHooks,
    private readonly storage: Storage | undefined = globalThis.sessionStorage, private readonly remembered: Storage | undefined = globalThis.localStorage) {
    this.known = parseIdentities(this.read(IDENTITIES_KEY, []));
    this.remotes = this.read(REMOTES_KEY, {}) as Record<string, string>;
    this.sent = this.read(SENT_KEY, {}) as Record<string, string[]>;
    host.addController(this);
  }

  public hostUpdate(): void {
    this.follow();
    this.identifyFromSnapshot();
  }

  public hostDisconnected(): void {
    this.offState?.();
    this.offState = undefined;
    this.link = undefined;
  }

  /** A config on /rviz_companion/rviz_config_current. */
  public onRobotConfig(text: string): void {
    this.lastRemoteText = text;
    if (!this.connected) { this.pendingRemote = text; return; }
    const key = this.connected.key;
    const previousRemote = this.remotes[key];
    const meaning = remoteMeaning(text, { documentText: this.document.text, sentHashes: this.sent[key] ?? [], lastRemote: previousRemote });
    const hash = configHash(text);
    this.setRemote(key, hash);
    const pause = () => new Promise<void>((resolve) => { setTimeout(resolve, 0); });
    switch (meaning) {
      case 'echo':
        this.document.setBase(hash);
        return;
      case 'initial':
      case 'unchanged':
        if (this.document.untouchedDefault) {
          void this.document.takeRobotConfig(text, pause, 'open', '').then((o) => {
            if (o.ok && o.superseded) return;
            if (o.ok && o.kept) { if (meaning === 'initial') this.document.setBase(hash); return; }
            if (!o.ok) this.say({ kind: 'not-sent', text: `The robot's RViz config could not be read: ${o.reason}` });
            else { this.document.setBase(hash); this.openedNotice(); }
          });
        } else if (meaning === 'initial') {
          this.document.setBase(hash);
        }
        return;
      case 'external':
        void this.document.takeRobotConfig(text, pause, 'step', externalLabel).then((o) => {
          if (o.ok && o.superseded) return;
          if (!o.ok) { this.say({ kind: 'external-change', text: `The robot's RViz config was changed by another client, and it could not be read: ${o.reason}. Your document is unchanged; Apply asks before replacing it.` }); return; }
          this.document.setBase(hash);
          this.adoptedOnConnection = { key, previousRemote };
          this.say({ kind: 'external-change', text: `The RViz config of ${this.connected?.label ?? 'the robot'} was changed by another client; it is open now. Undo brings your previous document back.` });
        });
    }
  }

  /** After an edit: sends, waits for the robot to be identified, or asks first (`confirm`). */
  public requestSend(text: string): void {
    if (!this.hooks.wouldSend()) return;
    const check = this.check();
    if (check.kind === 'wait') { this.pendingSend = true; return; }
    if (check.kind === 'confirm') {
      this.confirm = { text, question: check.question, confirmLabel: check.confirmLabel };
      this.host.requestUpdate();
      return;
    }
    this.sendNow(text);
  }

  /** The user's answer to `confirm`. */
  public answer(send: boolean): void {
    const request = this.confirm;
    this.confirm = undefined;
    if (!request) return;
    if (send && this.connected) {
      this.document.confirmedFor(this.connected);
      this.sendNow(this.document.text);
    } else {
      this.say({ kind: 'not-sent', text: 'Not sent: RViz keeps its config. Your document is as you left it.' });
    }
    this.host.requestUpdate();
  }

  /** "Use its document here": the previous robot's document, brought over as one undo step. */
  public usePrevious(): ReturnType<DocumentController['useDocumentOf']> | undefined {
    const previous = this.notice?.previous;
    if (!previous) return undefined;
    this.notice = undefined;
    return this.document.useDocumentOf(previous);
  }

  public dismissNotice(): void {
    this.notice = undefined;
    this.host.requestUpdate();
  }

  private check(): SendCheck {
    const c = this.connected;
    return checkSend({
      documentRobot: this.document.robot, connectedRobot: c && { key: c.key, label: c.label },
      base: this.document.base, remote: c ? this.remotes[c.key] : undefined,
    }, this.document.name);
  }

  private sendNow(text: string): void {
    // The document now knows the robot config it replaces; the echo makes the sent text the base.
    const c = this.connected;
    if (c && this.remotes[c.key] !== undefined) this.document.setBase(this.remotes[c.key]);
    if (c) this.rememberSent(c.key, configHash(text));
    this.hooks.send(text);
  }

  /** Follows the link's presence: every (re)connect identifies the robot again. */
  private follow(): void {
    const link = this.robot.link;
    if (link === this.link) return;
    this.offState?.();
    this.link = link;
    this.presence = 'idle';
    this.lose();
    this.offState = link?.onState((s) => {
      const was = this.presence;
      this.presence = s.presence;
      if (s.presence === 'connected' && was !== 'connected') {
        this.connectedAt = Date.now();
        rememberRobotUrl(link.url, this.remembered ?? { setItem: () => undefined });
      }
      if (s.presence !== 'connected' && was === 'connected') this.lose();
    });
  }

  /** The robot is away (or another link): who comes back is not known until its graph is read again. */
  private lose(): void {
    this.connected = undefined;
    this.staleSnapshot = this.robot.snapshot;
    this.pendingRemote = undefined;
    this.lastRemoteText = undefined;
    this.adoptedOnConnection = undefined;
  }

  private identifyFromSnapshot(): void {
    const snapshot = this.robot.snapshot;
    const link = this.link;
    if (!snapshot || !link || this.presence !== 'connected' || snapshot === this.staleSnapshot) return;
    this.staleSnapshot = snapshot;
    const current = this.connected ?? this.known.find((k) => k.key === this.document.slot?.key);
    const result = identify(link.url, fingerprintOf(snapshot), current, this.known);
    if (result.kind === 'undecided') return;
    const settled = this.connected !== undefined && Date.now() - (this.connectedAt ?? 0) > settleMs;
    if (settled && result.kind === 'other') return; // the robot of this connection is known; its graph just changed
    const identity = result.identity;
    this.remember(identity);
    const ref: RobotRef = { key: identity.key, label: identity.label };
    const firstSight = this.connected === undefined;
    this.connected = identity;
    const slot = this.document.slot;
    if (!slot) {
      this.document.claim(ref);
    } else if (slot.key !== identity.key) {
      const previous = slot;
      // The robot first looked like the previous one (a partial graph) and its config was taken as a change by another
      // client: taken back, so the previous robot's document is kept as it was.
      const adopted = this.adoptedOnConnection;
      if (adopted && adopted.key === previous.key && this.document.retractLastStep(externalLabel)) {
        this.setRemote(adopted.key, adopted.previousRemote);
        this.notice = undefined;
      }
      this.adoptedOnConnection = undefined;
      const opened = this.document.switchTo(ref);
      this.viewEpoch++;
      this.hooks.robotChanged?.();
      this.say({
        kind: 'other-robot', previous,
        text: `Another robot is at this address: ${identity.label}. ${opened === 'kept' ? 'Its document from before is open' : 'The default config is open (the config its RViz runs replaces it when its bridge reports one)'}; the document of ${previous.label} is kept for it.`,
      });
      // A config received before the robot turned out to be another is this robot's: offered again for its document.
      if (!firstSight && this.lastRemoteText !== undefined) this.onRobotConfig(this.lastRemoteText);
    }
    if (firstSight) {
      const remote = this.pendingRemote;
      this.pendingRemote = undefined;
      if (remote !== undefined) this.onRobotConfig(remote);
      if (this.pendingSend) { this.pendingSend = false; this.requestSend(this.document.text); }
    }
    this.host.requestUpdate();
  }

  /** After the robot's own config was opened in place of the default: the notice of a robot change says so. */
  private openedNotice(): void {
    const n = this.notice;
    if (n?.kind === 'other-robot' && n.previous && this.connected) {
      this.say({ ...n, text: `Another robot is at this address: ${this.connected.label}. The config its RViz runs is open; the document of ${n.previous.label} is kept for it.` });
    }
  }

  private say(notice: RobotNotice): void {
    this.notice = notice;
    this.host.requestUpdate();
  }

  private remember(identity: RobotIdentity): void {
    this.known = rememberIdentity(this.known, identity);
    this.write(IDENTITIES_KEY, this.known);
  }

  private rememberSent(key: string, hash: string): void {
    const lately = [...(this.sent[key] ?? []).filter((h) => h !== hash), hash].slice(-rememberSent);
    this.sent = { ...this.sent, [key]: lately };
    this.write(SENT_KEY, this.ofKnownRobots(this.sent));
  }

  private setRemote(key: string, hash: string | undefined): void {
    if (this.remotes[key] === hash) return;
    const { [key]: _dropped, ...others } = this.remotes;
    this.remotes = hash === undefined ? others : { ...others, [key]: hash };
    this.write(REMOTES_KEY, this.ofKnownRobots(this.remotes));
  }

  /** What is kept per robot, for the robots still remembered. */
  private ofKnownRobots<T>(perRobot: Record<string, T>): Record<string, T> {
    const keys = new Set(this.known.map((k) => k.key));
    return Object.fromEntries(Object.entries(perRobot).filter(([k]) => keys.has(k)));
  }

  private read(key: string, fallback: unknown): unknown {
    try {
      return JSON.parse(this.storage?.getItem(key) ?? 'null') ?? fallback;
    } catch {
      return fallback;
    }
  }

  private write(key: string, value: unknown): void {
    try {
      this.storage?.setItem(key, JSON.stringify(value));
    } catch {
      // Storage full or disabled: identities are read again from the robot after a reload.
    }
  }
}
