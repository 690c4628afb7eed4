// The robot-side bridge's config loader, emulated (DESIGN.md "Bridge topics", issue 10): a config published on
// /rviz_companion/rviz_config is checked, refused with a reason (writing nothing) or "loaded" after a delay, and
// answered on /rviz_companion/rviz_config_status; the text RViz runs is latched on /rviz_companion/rviz_config_current.
// The refusal rules are written here on their own, not shared with the companion, as the Python bridge's are.
import { parse as parseYaml } from 'yaml';
import type { BridgeSettings } from './types.ts';

/** The bridge refuses configs larger than this many UTF-8 bytes ("more than 5 MB", decimal, as rosbridge counts). */
export const MAX_CONFIG_BYTES = 5_000_000;
/** Where the emulated bridge "writes" (the real one: `config_dir/current.rviz`, default ~/.rviz2/companion/). */
export const SIM_CONFIG_FILE = '/home/robot/.rviz2/companion/current.rviz';

export const defaultBridgeSettings: Readonly<BridgeSettings> = Object.freeze({
  config: true, readOnly: false, reload: 'restart', loadDelayMs: 300,
});

/** The status JSON of the contract, field for field. */
export interface SimBridgeStatus {
  stamp: number;
  ok: boolean;
  action: 'loaded' | 'written' | 'refused' | 'rviz_exited';
  reason: string;
  file: string;
  version: number;
  took_ms: number;
  mode: 'supervised' | 'write-only' | 'read-only';
}

/** Why a config is refused, or undefined when the bridge takes it. Checks run cheapest first; read_only before all. */
export function refusalReason(data: unknown, readOnly: boolean): string | undefined {
  // The reasons are the Python bridge's (ros/rviz_companion_bridge config_loader.py), word for word where it matters.
  if (readOnly) return 'read-only: this bridge runs with read_only:=true and accepts no config';
  if (typeof data !== 'string') return 'not a string: the message has no text "data" field';
  const bytes = Buffer.byteLength(data, 'utf8');
  if (bytes > MAX_CONFIG_BYTES) return `too large: ${bytes} bytes, the limit is ${MAX_CONFIG_BYTES} bytes (5 MB)`;
  // A JSON string can carry lone UTF-16 surrogates (\ud800), which have no UTF-8 form.
  const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.exec(data);
  // Positions are counted in code points, as Python counts a str's characters.
  const at = (index: number): number => [...data.slice(0, index)].length;
  if (lone) return `invalid UTF-8: unpaired surrogate at character ${at(lone.index)}`;
  // rclpy decodes std_msgs/String with errors="replace": bytes that were not UTF-8 arrive as U+FFFD.
  const replaced = data.indexOf('\uFFFD');
  if (replaced >= 0) return `invalid UTF-8: replacement character U+FFFD at character ${at(replaced)} (the message had bytes that are not UTF-8)`;
  let doc: unknown;
  try {
    // Like PyYAML's safe loader: a later duplicate key wins rather than failing.
    doc = parseYaml(data, { uniqueKeys: false, maxAliasCount: 1000 });
  } catch (err) {
    const oneLine = (err instanceof Error ? err.message : String(err)).split(/\s+/).join(' ').trim().slice(0, 300);
    return `YAML does not parse: ${oneLine}`;
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc) || !Object.hasOwn(doc, 'Visualization Manager')) {
    return 'not an RViz config: no top-level "Visualization Manager" key';
  }
  return undefined;
}

export interface SimBridgeHost {
  /** Latches `data` on a bridge topic (std_msgs/String). */
  publish(topic: 'status' | 'current', data: string): void;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * One emulated bridge node. Refusals are answered at once; an accepted config is written (version + 1) and, with
 * `reload: restart`, "loaded" after `loadDelayMs` (RViz restarting). Configs that arrive while one is loading are one
 * reload of the last, as the real bridge debounces; the superseded ones get no status of their own.
 */
export class SimBridge {
  private version = 0;
  private currentText: string | undefined;
  private loading: { timer: unknown; receivedAt: number } | undefined;
  private queued: { text: string; receivedAt: number } | undefined;
  private readonly log: SimBridgeStatus[] = [];
  private closed = false;

  public constructor(public readonly settings: BridgeSettings, private readonly host: SimBridgeHost, initial?: string) {
    if (initial !== undefined) {
      // The launch file's `config:=FILE.rviz`: RViz starts with it.
      this.version = 1;
      this.currentText = initial;
      host.publish('current', initial);
      this.answer({ ok: true, action: settings.reload === 'restart' ? 'loaded' : 'written', reason: '', file: SIM_CONFIG_FILE, took_ms: 0 });
    }
  }

  /** The text RViz runs now (what rviz_config_current carries). */
  public current(): string | undefined { return this.currentText; }
  /** Every status published so far, oldest first. */
  public statuses(): readonly SimBridgeStatus[] { return this.log; }

  /** A message arrived on /rviz_companion/rviz_config (`msg` as rosbridge delivered it). */
  public receive(msg: unknown): void {
    if (this.closed) return;
    const receivedAt = performance.now();
    const data = msg && typeof msg === 'object' ? (msg as { data?: unknown }).data : undefined;
    const why = refusalReason(data, this.settings.readOnly);
    if (why !== undefined) {
      // A refusal names what is still current (the file and its version), or "" before any version exists.
      this.answer({ ok: false, action: 'refused', reason: why, file: this.version > 0 ? SIM_CONFIG_FILE : '', took_ms: performance.now() - receivedAt });
      return;
    }
    const text = data as string;
    if (this.loading) { this.queued = { text, receivedAt }; return; }
    this.load(text, receivedAt);
  }

  /** RViz exits on its own (crash, user closed it): reported, restarted only by the next config. */
  public exitRviz(): void {
    if (this.closed || this.settings.reload !== 'restart') return;
    this.answer({ ok: false, action: 'rviz_exited', reason: 'rviz2 exited on its own (code 1); the next config starts it again', file: SIM_CONFIG_FILE, took_ms: 0 });
  }

  public close(): void {
    this.closed = true;
    if (this.loading) this.host.clearTimeout(this.loading.timer);
    this.loading = undefined;
    this.queued = undefined;
  }

  private load(text: string, receivedAt: number): void {
    this.version++;
    const finish = (): void => {
      this.loading = undefined;
      if (this.closed) return;
      this.currentText = text;
      this.host.publish('current', text);
      const restart = this.settings.reload === 'restart';
      this.answer({ ok: true, action: restart ? 'loaded' : 'written', reason: '', file: SIM_CONFIG_FILE,
        took_ms: performance.now() - receivedAt });
      const next = this.queued;
      this.queued = undefined;
      if (next) this.load(next.text, next.receivedAt);
    };
    // Writing is quick; restarting RViz is what takes time.
    const delay = this.settings.reload === 'restart' ? this.settings.loadDelayMs : Math.min(this.settings.loadDelayMs, 20);
    this.loading = { timer: this.host.setTimeout(finish, delay), receivedAt };
  }

  private answer(s: Omit<SimBridgeStatus, 'stamp' | 'version' | 'mode'>): void {
    // Like the bridge node: every status says how the bridge runs (supervised RViz, files only, or read-only).
    const mode = this.settings.readOnly ? 'read-only' : this.settings.reload === 'restart' ? 'supervised' : 'write-only';
    const status: SimBridgeStatus = { stamp: Date.now() / 1000, ok: s.ok, action: s.action, reason: s.reason, file: s.file,
      version: this.version, took_ms: Math.round(s.took_ms * 10) / 10, mode };
    this.log.push(status);
    this.host.publish('status', JSON.stringify(status));
  }
}
