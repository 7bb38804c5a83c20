// One simulated frame: the scene drawn, then encoded by the camera's own row-caching JPEG encoder
// (jpeg.ts), which copies the rows that did not change since its previous frame. Runs in an encoder
// worker (encoder.ts, each camera always on the same one), or on the event loop when the hub uses none.
import { RowCachingEncoder } from './jpeg.ts';
import { renderScene, type SceneSpec, type SceneState } from './scene.ts';

export interface FrameJob {
  /** The camera: its frames share one encoder (and its cache of unchanged rows). */
  key: string;
  spec: SceneSpec;
  state: SceneState;
  /** JPEG quality, 1 to 100. */
  quality: number;
}

interface CameraContext {
  rgba: Uint8Array;
  encoder: RowCachingEncoder;
  quality: number;
}

const contexts = new Map<string, CameraContext>();
/** Cameras whose encoders a thread keeps (a camera gone is forgotten past it, oldest first). */
const MAX_CONTEXTS = 64;

/** Draws and encodes a frame; the JPEG is a standalone copy (its memory can be transferred). */
export function encodeFrame(job: FrameJob): Uint8Array {
  const { width, height } = job.spec;
  let context = contexts.get(job.key);
  if (
    !context ||
    context.encoder.width !== width ||
    context.encoder.height !== height ||
    context.quality !== job.quality
  ) {
    context = {
      rgba: new Uint8Array(width * height * 4),
      encoder: new RowCachingEncoder(width, height, job.quality),
      quality: job.quality,
    };
    contexts.delete(job.key);
    if (contexts.size >= MAX_CONTEXTS) contexts.delete(contexts.keys().next().value as string);
  } else {
    contexts.delete(job.key);
  }
  contexts.set(job.key, context);
  renderScene(job.spec, job.state, context.rgba);
  return context.encoder.encode(context.rgba);
}
