/**
 * The contract between the view's data path (decoders, worker, link feeds) and its scene.
 *
 * Decoders turn rosbridge messages into flat typed arrays the scene copies straight into GPU buffers, with the colours
 * RViz would draw (rviz_default_plugins' point cloud transformers and map palettes). They run in a Web Worker in the
 * browser (`createViewDecoder()` in `./decoder.ts`) and in-thread in Node tests; both give the same results.
 *
 * Messages may come over JSON (binary `uint8[]` fields as base64 strings, NaN/Inf floats as `null`) or over CBOR
 * (`uint8[]` as `Uint8Array`, numeric arrays as typed arrays, NaN/Inf kept): every decoder accepts both, so a topic
 * that falls back to JSON still draws.
 *
 * Stable once committed: extend only by adding optional members.
 */

/** A colour with channels in 0..1 (RViz's Ogre::ColourValue). */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** A rigid transform, geometry_msgs style. Maps coordinates of the message's frame into the fixed frame. */
export interface Transform {
  translation: { x: number; y: number; z: number };
  rotation: { x: number; y: number; z: number; w: number };
}

/** A pose (geometry_msgs/Pose), e.g. a map's origin. */
export interface Pose {
  position: { x: number; y: number; z: number };
  orientation: { x: number; y: number; z: number; w: number };
}

/** The colour transformers of RViz's point cloud displays. */
export type ColorTransformerName = 'Intensity' | 'AxisColor' | 'FlatColor' | 'RGB8' | 'RGBF32';

/**
 * How a LaserScan / PointCloud / PointCloud2 display colours its points: the display's properties, parsed with RViz's
 * defaults by `pointColorOptionsFromProperties(display.properties)` (`./color-options.ts`).
 */
export interface PointColorOptions {
  /**
   * `Color Transformer` as written. Empty or not applicable to the cloud → RViz's own choice:
   * RGB8 when the cloud has an `rgb`/`rgba` field, else Intensity (the highest-scored one).
   */
  transformer: string;
  /** Intensity: `Channel Name` (default `intensity`; `intensities` is tried when it is `intensity`). */
  channelName: string;
  /** Intensity: `Use rainbow` (default true), `Invert Rainbow` (false). */
  useRainbow: boolean;
  invertRainbow: boolean;
  /** Intensity without rainbow: `Min Color` (black), `Max Color` (white). */
  minColor: Rgb;
  maxColor: Rgb;
  /** Intensity: `Autocompute Intensity Bounds` (true), else `Min Intensity` (0) / `Max Intensity` (4096). */
  autocomputeIntensityBounds: boolean;
  minIntensity: number;
  maxIntensity: number;
  /** AxisColor: `Axis` (Z), `Autocompute Value Bounds` (true), `Min Value` (-10), `Max Value` (10), `Use Fixed Frame` (true). */
  axis: 'X' | 'Y' | 'Z';
  autocomputeValueBounds: boolean;
  minValue: number;
  maxValue: number;
  useFixedFrame: boolean;
  /** FlatColor: `Color` (white). */
  flatColor: Rgb;
}

/** What the points decoders take besides the message. */
export interface PointsRequest {
  colors: PointColorOptions;
  /**
   * The message frame → fixed frame transform at the message's stamp (latest available), used only by AxisColor with
   * `Use Fixed Frame`. Absent there → the axis is read in the message's frame and `axisFrame` says `local`.
   */
  toFixedFrame?: Transform;
}

/** Points of a LaserScan, PointCloud or PointCloud2, in the message's frame, invalid points dropped. */
export interface DecodedPoints {
  kind: 'points';
  frameId: string;
  /** Header stamp, seconds (ROS time). */
  stampSec: number;
  /** Points kept (finite x, y, z; for scans also range_min <= r <= range_max). */
  count: number;
  /** Points in the message (width × height, ranges.length, points.length). */
  sourceCount: number;
  /** x, y, z per kept point. */
  positions: Float32Array;
  /** r, g, b (0..1) per kept point. */
  colors: Float32Array;
  /** Per-point alpha (0..1) when the cloud has an `rgba` field and RGB8 applies (RViz's per-point alpha). */
  alphas?: Float32Array;
  /** The transformer applied (after RViz's automatic choice). */
  transformer: ColorTransformerName;
  /**
   * Bounds used by Intensity or AxisColor; with autocompute on, RViz shows these as Min/Max Intensity (Value).
   */
  valueRange?: { min: number; max: number };
  /** AxisColor only: whether the axis was read in the fixed frame or, lacking `toFixedFrame`, in the message's. */
  axisFrame?: 'fixed' | 'local';
  /** Per-message notes worth showing (e.g. `channel "intensity" not in the cloud: points drawn white`). */
  notes: string[];
}

/** `Color Scheme` of the Map display. */
export type MapColorScheme = 'map' | 'costmap' | 'raw';

export interface GridRequest {
  /** `Color Scheme` (default map); unknown text → map. */
  colorScheme: MapColorScheme;
  /** `Binary representation` (jazzy+, default false) and `Binary threshold` (0..100, default 100). */
  binary?: boolean;
  binaryThreshold?: number;
}

/**
 * An OccupancyGrid, coloured with RViz's palette for the scheme. The display's `Alpha` is NOT baked in: the scene
 * multiplies the texture's alpha by it (RViz does the same in the material), so changing Alpha needs no decode.
 */
export interface DecodedGrid {
  kind: 'grid';
  frameId: string;
  stampSec: number;
  width: number;
  height: number;
  /** Metres per cell. */
  resolution: number;
  /** Pose of cell (0,0)'s corner in the message frame (info.origin). */
  origin: Pose;
  /** width × height × 4, row-major from cell (0,0) (row y = 0 first, as in the message; no flip). */
  rgba: Uint8ClampedArray;
}

/**
 * A rectangle of a grid patched by a map_msgs/OccupancyGridUpdate on the display's `Update Topic`: the scene writes
 * `rgba` (width × height × 4) into its texture at (x, y). The decoder keeps the cells of the last full grid per key.
 */
export interface DecodedGridPatch {
  kind: 'grid-patch';
  x: number;
  y: number;
  width: number;
  height: number;
  rgba: Uint8ClampedArray;
}

export interface ImageRequest {
  /**
   * For mono16 / 16UC1 / 32FC1 (and other single-channel depth encodings): `Normalize Range` (default true) scales
   * each image's own min..max to 0..255; false scales `Min Value`..`Max Value` (defaults 0..1 for float images,
   * 0..65535 for 16-bit).
   */
  normalizeRange: boolean;
  minValue?: number;
  maxValue?: number;
}

/** An Image or CompressedImage as RGBA, top row first. */
export interface DecodedImage {
  kind: 'image';
  frameId: string;
  stampSec: number;
  width: number;
  height: number;
  /** width × height × 4. */
  rgba: Uint8ClampedArray;
  /** `encoding` of an Image, `format` of a CompressedImage. */
  encoding: string;
  /** The range mapped to 0..255 for single-channel 16-bit / float images. */
  valueRange?: { min: number; max: number };
}

export type Decoded = DecodedPoints | DecodedGrid | DecodedGridPatch | DecodedImage;

/** Where a decode ran and how long it took (measured there, ms). */
export interface DecodeTiming {
  where: 'worker' | 'in-thread';
  decodeMs: number;
  /** How the message came: `cbor` when its binary fields were typed arrays, `json` when base64 / number lists. */
  wire: 'cbor' | 'json';
}

export type Timed<T extends Decoded> = T & { timing: DecodeTiming };

/** The message types the points decoder accepts. */
export type PointsMessageType = 'sensor_msgs/msg/LaserScan' | 'sensor_msgs/msg/PointCloud' | 'sensor_msgs/msg/PointCloud2';

/**
 * Decodes messages off the main thread. Every call settles: the result, or a `DecodeError` (message says what is
 * wrong with the message: `PointCloud2: data has 100 bytes, width × height × point_step needs 160`). Calls for the
 * same key are answered in order. Typed arrays in results are owned by the caller (transferred from the worker).
 */
export interface ViewDecoder {
  readonly where: 'worker' | 'in-thread';
  /** LaserScan, PointCloud or PointCloud2 → points coloured per the display's transformer. */
  points(type: PointsMessageType | string, message: unknown, request: PointsRequest): Promise<Timed<DecodedPoints>>;
  /** nav_msgs/OccupancyGrid → coloured grid; remembers its cells under `key` (e.g. the display's path) for patches. */
  grid(key: string, message: unknown, request: GridRequest): Promise<Timed<DecodedGrid>>;
  /**
   * map_msgs/OccupancyGridUpdate → the patched rectangle, coloured. Rejects with a DecodeError when no grid was
   * decoded under `key` yet or the rectangle falls outside it (RViz ignores such updates too).
   */
  gridUpdate(key: string, update: unknown, request: GridRequest): Promise<Timed<DecodedGridPatch>>;
  /** sensor_msgs/Image → RGBA. */
  image(message: unknown, request: ImageRequest): Promise<Timed<DecodedImage>>;
  /** sensor_msgs/CompressedImage (jpeg, png) → RGBA; needs createImageBitmap + OffscreenCanvas (browser only). */
  compressedImage(message: unknown): Promise<Timed<DecodedImage>>;
  /** Drops what is kept under `key` (a removed Map display). */
  forget(key: string): void;
  /** Decode times so far, per decoder kind (points, grid, grid-patch, image, compressed-image). */
  stats(): DecodeStats;
  /** Ends the worker; later calls reject. */
  dispose(): void;
}

export interface DecodeKindStats {
  count: number;
  p50Ms: number;
  p95Ms: number;
  lastMs: number;
}

export type DecodeStats = Record<string, DecodeKindStats>;

/*
 * Getting the messages: `openDisplayFeeds(link)` in src/link/display-subscriptions.ts (types in src/link/types.ts:
 * DisplayFeedRequest, DisplayFeeds). The view says which topics each display needs; the link subscribes each topic
 * once (shared with the diagnosis sampler), throttled to the document's Frame Rate, queue_length 1 and CBOR for heavy
 * types, and hands the display only the newest message while the previous one is still being decoded.
 */
