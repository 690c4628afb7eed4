import { LitElement, html, css, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { TfEdge } from '../core/graph/types.ts';
import { analyzeTf, type TfTree } from '../core/graph/tf-tree.ts';
import { theme } from './theme.ts';
import { ageLabel } from './format.ts';

/**
 * The TF tree built from /tf and /tf_static: every frame under its parent, the age of its transform, stale frames and
 * parts not connected to the main tree marked.
 */
@customElement('tf-tree-view')
export class TfTreeView extends LitElement {
  public static override styles = [theme, css`
    :host { display: block; }
    ul { list-style: none; margin: 0; padding-left: 16px; }
    :host > div > ul { padding-left: 0; }
    li { padding: 1px 0; }
    .frame { font-family: ui-monospace, monospace; }
    .age { color: var(--muted); font-size: 12px; margin-left: 6px; }
    .static { color: var(--muted); font-size: 11px; margin-left: 4px; }
    .stale .frame { color: var(--warn); }
    .component { margin-bottom: 8px; }
    .component.disconnected { border-left: 3px solid var(--err); padding-left: 6px; }
    .legend { font-size: 12px; margin-bottom: 6px; }
  `];

  @property({ attribute: false }) public edges: readonly TfEdge[] = [];
  /** Wall-clock ms the ages are computed against (the app ticks it). */
  @property({ type: Number }) public now = Date.now();
  @property({ type: Number }) public staleAfterMs = 5000;

  protected override render() {
    if (this.edges.length === 0) return html`<div class="muted">No transforms received yet on /tf or /tf_static.</div>`;
    const tree = analyzeTf(this.edges, this.now, { staleAfterMs: this.staleAfterMs });
    const main = tree.components[0] ?? [];
    const staleCount = tree.frames.filter((f) => f.stale).length;
    return html`<div>
      <div class="legend muted">${tree.frames.length} frames · ${tree.roots.length} root${tree.roots.length === 1 ? '' : 's'}
        ${tree.components.length > 1 ? html` · <span class="error" data-disconnected>${tree.components.length - 1} disconnected part(s)</span>` : nothing}
        ${staleCount ? html` · <span class="warn">${staleCount} stale</span>` : nothing}
        ${tree.cycles.length ? html` · <span class="error">loop: ${tree.cycles.join(', ')}</span>` : nothing}</div>
      ${tree.roots.map((root) => html`<div class="component ${main.includes(root) ? '' : 'disconnected'}"
          title=${main.includes(root) ? '' : 'Not connected to the main tree'}>
        <ul>${this.node(tree, root)}</ul></div>`)}
    </div>`;
  }

  private node(tree: TfTree, name: string): unknown {
    const info = tree.frame(name);
    if (!info) return nothing;
    return html`<li class=${info.stale ? 'stale' : ''} data-frame=${name} data-parent=${info.parent ?? ''} data-stale=${info.stale ? 'true' : 'false'}>
      <span class="frame">${name}</span>
      ${info.parent !== undefined && !info.isStatic ? html`<span class="age" title="Time since the last transform arrived">${ageLabel(info.ageMs ?? NaN)}</span>` : nothing}
      ${info.isStatic ? html`<span class="static">static</span>` : nothing}
      ${info.stale ? html`<span class="warn age">stale</span>` : nothing}
      ${info.children.length ? html`<ul>${info.children.map((c) => this.node(tree, c))}</ul>` : nothing}
    </li>`;
  }
}

declare global {
  interface HTMLElementTagNameMap { 'tf-tree-view': TfTreeView }
}
