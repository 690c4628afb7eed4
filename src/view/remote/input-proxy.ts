/**
 * The view's canvas as OrbitControls sees it in the render worker: an event target that takes the pointer, wheel and
 * key events the page forwards (./remote-view.ts), with the canvas' size and position on the page. OrbitControls
 * listens on its element (pointerdown, pointercancel, wheel, contextmenu) and on `ownerDocument` (pointermove,
 * pointerup, keys); the page captures the pointer and cancels the browser's own handling, so capture and
 * `preventDefault` are no-ops here. The cursor OrbitControls sets (grab, grabbing) goes back to the page.
 */
import { EventDispatcher } from 'three';

/** The fields of a DOM event that OrbitControls reads, as the page forwards them. */
export interface ForwardedEvent {
  type: string;
  pointerId?: number; pointerType?: string; button?: number; buttons?: number;
  clientX?: number; clientY?: number; pageX?: number; pageY?: number;
  ctrlKey?: boolean; metaKey?: boolean; shiftKey?: boolean;
  deltaX?: number; deltaY?: number; deltaMode?: number;
  key?: string; code?: string;
}

export interface SurfaceRect { left: number; top: number; width: number; height: number }

type Listener = (event: object) => void;

/** A minimal EventTarget of plain-object events (three's EventDispatcher keeps the listeners). */
class Target {
  private readonly dispatcher = new EventDispatcher<Record<string, object>>();
  public addEventListener(type: string, listener: Listener): void { this.dispatcher.addEventListener(type, listener as never); }
  public removeEventListener(type: string, listener: Listener): void { this.dispatcher.removeEventListener(type, listener as never); }
  public dispatch(event: ForwardedEvent): void {
    this.dispatcher.dispatchEvent({ ...event, preventDefault: () => undefined, stopPropagation: () => undefined } as never);
  }
}

export class InputProxy extends Target {
  public readonly ownerDocument = new Target();
  public readonly style: Record<string, string>;
  private rect: SurfaceRect = { left: 0, top: 0, width: 1, height: 1 };

  public constructor(onCursor: (cursor: string) => void) {
    super();
    const style: Record<string, string> = {};
    this.style = new Proxy(style, {
      set: (target, key, value) => {
        if (key === 'cursor' && target['cursor'] !== value) onCursor(String(value));
        target[key as string] = String(value);
        return true;
      },
    });
  }

  public get clientWidth(): number { return this.rect.width; }
  public get clientHeight(): number { return this.rect.height; }
  public getBoundingClientRect(): DOMRect {
    const { left, top, width, height } = this.rect;
    return { left, top, width, height, x: left, y: top, right: left + width, bottom: top + height, toJSON: () => ({}) } as DOMRect;
  }
  public setPointerCapture(): void { /* the page captured it */ }
  public releasePointerCapture(): void { /* the page releases it */ }
  public getRootNode(): Target { return this.ownerDocument; }

  /** The canvas' place on the page (with every forwarded event: layout may have moved it). */
  public place(rect: SurfaceRect): void { this.rect = rect; }

  /** Element events (pointerdown, pointercancel, wheel, contextmenu) here; the rest on the document, as on a page. */
  public deliver(event: ForwardedEvent): void {
    if (event.type === 'pointerdown' || event.type === 'pointercancel' || event.type === 'wheel' || event.type === 'contextmenu') this.dispatch(event);
    else this.ownerDocument.dispatch(event);
  }
}
