/**
 * What RobotModel's loaders need from a page, for the view running in a Web Worker (no `document`, no DOM classes).
 *
 * XML: urdf-loader's parse() evaluates `data instanceof Document` before anything else (a ReferenceError in a worker,
 * whatever is passed in, so handing it a document parsed elsewhere cannot help), and three's ColladaLoader calls
 * `new DOMParser()` and reads `Node.TEXT_NODE` itself. So the globals must exist: DOMParser, Document, Element, Node
 * from linkedom's worker build (children, querySelector, getAttribute, childNodes, textContent, case-preserving XML).
 *
 * Textures: three's TextureLoader decodes through an <img> from `document`; ColladaLoader and a URDF <texture> make
 * their own TextureLoader, so where there is no document its load() goes through ImageBitmapLoader instead, flipped
 * on decode as TextureLoader's default `flipY` would flip it on upload.
 *
 * Only what is missing is installed, so a page keeps the browser's own parser and loader. The view's worker entry
 * calls installWorkerDom() once, before any layer is built; the page never imports this module.
 */
import * as THREE from 'three';
import { DOMParser, Document, Element, Node } from 'linkedom/worker';

const PATCHED = Symbol.for('rviz-companion.worker-texture-loader');

/** Installs the missing pieces; returns their names (empty on a page, or when already installed). */
export function installWorkerDom(): string[] {
  const g = globalThis as unknown as Record<string, unknown>;
  const installed: string[] = [];
  const provide = (name: string, value: unknown): void => {
    if (typeof g[name] !== 'undefined') return;
    g[name] = value;
    installed.push(name);
  };
  provide('DOMParser', DOMParser);
  provide('Document', Document);
  provide('Element', Element);
  provide('Node', Node);
  if (typeof document === 'undefined' && typeof createImageBitmap === 'function') {
    const proto = THREE.TextureLoader.prototype as THREE.TextureLoader & { [PATCHED]?: true };
    if (!proto[PATCHED]) {
      proto.load = loadAsBitmap as THREE.TextureLoader['load']; // its typing says HTMLImageElement; a worker has none
      proto[PATCHED] = true;
      installed.push('TextureLoader.load');
    }
  }
  return installed;
}

/** TextureLoader.load with the same contract (a Texture now, its image later), decoded by createImageBitmap. */
function loadAsBitmap(this: THREE.TextureLoader, url: string, onLoad?: (t: THREE.Texture) => void,
  onProgress?: (e: ProgressEvent) => void, onError?: (err: unknown) => void): THREE.Texture {
  const texture = new THREE.Texture();
  texture.flipY = false; // WebGL ignores UNPACK_FLIP_Y for ImageBitmap: flipped while decoding instead
  const bitmaps = new THREE.ImageBitmapLoader(this.manager)
    .setOptions({ imageOrientation: 'flipY', premultiplyAlpha: 'none' })
    .setPath(this.path)
    .setCrossOrigin(this.crossOrigin)
    .setWithCredentials(this.withCredentials)
    .setRequestHeader(this.requestHeader);
  bitmaps.load(url, (bitmap) => {
    texture.image = bitmap;
    texture.needsUpdate = true;
    onLoad?.(texture);
  }, onProgress, onError);
  return texture;
}
