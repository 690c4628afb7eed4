// The view's decoders: the contract (types), the decoder factory, the pure functions tests and the scene may call.
export type * from './types.ts';
export { createViewDecoder, InThreadDecoder, WorkerDecoder, type ViewDecoderOptions } from './decoder.ts';
export { DecodeError, isDecodeError } from './errors.ts';
export { defaultPointColorOptions, pointColorOptionsFromProperties } from './color-options.ts';
export { blendInto, parseRvizColor, rainbow, rainbowInto } from './colors.ts';
export { colorCells, makeCostmapPalette, makeMapPalette, makeRawPalette, paletteFor } from './map-palette.ts';
