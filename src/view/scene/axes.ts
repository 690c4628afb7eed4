/** Axes display: three cylinders (X red, Y green, Z blue) of `Length` and `Radius` at the `Reference Frame`. */
import type { AxesSpec } from '../spec/draw-spec.ts';
import { Layer } from './layer.ts';
import { disposeObject, makeAxes } from './shapes.ts';

export class AxesLayer extends Layer<AxesSpec> {
  public start(): void {
    this.hasData = true;
    this.build();
  }

  public setSpec(spec: AxesSpec): void {
    this.spec = spec;
    this.build();
  }

  private build(): void {
    for (const c of [...this.root.children]) { c.removeFromParent(); disposeObject(c); }
    this.root.add(makeAxes(this.spec.length, this.spec.radius));
    this.ctx.requestRender();
  }

  public frame(): void {
    this.place(this.root, this.spec.frame);
  }
}
