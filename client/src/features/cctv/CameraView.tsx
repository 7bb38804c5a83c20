// One camera's moving picture and its link state, with no React render per frame. An MJPEG or simulated
// camera comes over the app's one socket (`cctv:watch`: a whole grid on one connection, where a browser
// opens at most six HTTP streams per host): each JPEG is decoded off the main thread and drawn on a
// <canvas>, a frame that comes while the last is still decoding is skipped. An HLS camera is a <video>
// fed by hls.js (loaded only when a tile needs it; Safari plays HLS natively); a stall or error reopens
// it after a backoff, asking the page for a fresh camera list (new signed tickets) first.
import type { CameraInfo } from '@voltscope/shared/contracts/cameras';
import { useEffect, useRef } from 'react';
import { liveClient } from '../../live/liveClient.ts';
import { sessionStore } from '../../session/sessionStore.ts';
import classes from './cctv.module.css';

/** `unavailable`: the hub ended the camera's pictures for this page or refused them. */
export type LinkState = 'connecting' | 'live' | 'reconnecting' | 'unavailable';

/** No frame for this many of the camera's frame intervals (at least MIN_STALE_MS): reconnecting. */
const STALE_FRAMES = 3;
const MIN_STALE_MS = 3_000;

/** How long without a frame counts as a stall, for a camera's rate. */
export const staleAfterMs = (fps: number): number => Math.max(MIN_STALE_MS, (STALE_FRAMES * 1000) / Math.max(fps, 0.1));

/** The wait before the n-th retry (n from 0). */
const backoffMs = (attempt: number): number => Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));

interface ViewProps {
  camera: CameraInfo;
  /** Called on a change of state only (never per frame). */
  onState: (state: LinkState) => void;
  /** Asks for a fresh camera list (new tickets) before an HLS stream is reopened. */
  onStale: () => void;
  label: string;
}

export function CameraView(props: ViewProps) {
  return props.camera.streamUrl !== null || props.camera.hlsUrl === null ? (
    <SocketView {...props} />
  ) : (
    <HlsView {...props} />
  );
}

/** The latest value of a prop, for callbacks of an effect that must not restart when it changes. */
function useLatestRef<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

function SocketView({ camera, onState, label }: ViewProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const callbacks = useLatestRef({ onState });

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const staleMs = staleAfterMs(camera.fps);
    let state: LinkState = 'connecting';
    let lastFrame = 0;
    let decoding = false;
    let disposed = false;
    const set = (next: LinkState) => {
      if (next === state) return;
      state = next;
      callbacks.current.onState(next);
    };
    callbacks.current.onState('connecting');
    const stop = liveClient.watchCameras([camera.id], {
      frame: (_camera, _capturedAt, jpeg) => {
        lastFrame = Date.now();
        if (decoding) return;
        decoding = true;
        createImageBitmap(new Blob([jpeg as BlobPart], { type: 'image/jpeg' })).then(
          (bitmap) => {
            decoding = false;
            if (!disposed) {
              if (canvas.width !== bitmap.width || canvas.height !== bitmap.height) {
                canvas.width = bitmap.width;
                canvas.height = bitmap.height;
              }
              context.drawImage(bitmap, 0, 0);
              set('live');
            }
            bitmap.close();
          },
          () => {
            decoding = false; // a broken picture: the next one is drawn
          },
        );
      },
      ended: () => set('unavailable'),
    });
    const watchdog = setInterval(() => {
      if (state === 'live' && Date.now() - lastFrame > staleMs) set('reconnecting');
    }, 1000);
    return () => {
      disposed = true;
      stop();
      clearInterval(watchdog);
    };
  }, [camera.id, camera.fps, callbacks]);

  return (
    <canvas
      ref={canvasRef}
      className={classes.picture}
      width={camera.width}
      height={camera.height}
      role="img"
      aria-label={label}
      data-testid="cctv-picture"
    />
  );
}

function HlsView({ camera, onState, onStale, label }: ViewProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const url = useLatestRef(camera.hlsUrl ?? '');
  const callbacks = useLatestRef({ onState, onStale });

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let disposed = false;
    let attempt = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let destroy = () => {};
    const state = (s: LinkState) => callbacks.current.onState(s);
    const playing = () => {
      attempt = 0;
      state('live');
    };
    const waiting = () => state('reconnecting');
    video.addEventListener('playing', playing);
    video.addEventListener('waiting', waiting);
    video.addEventListener('stalled', waiting);

    const open = async () => {
      if (disposed) return;
      const { default: Hls } = await import('hls.js');
      if (disposed) return;
      const retry = () => {
        destroy();
        state('reconnecting');
        callbacks.current.onStale();
        retryTimer = setTimeout(() => void open(), backoffMs(attempt++));
      };
      if (Hls.isSupported()) {
        const hls = new Hls({
          liveDurationInfinity: true,
          xhrSetup: (xhr) => {
            const token = sessionStore.getState().accessToken;
            if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
          },
        });
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) retry();
        });
        hls.loadSource(url.current);
        hls.attachMedia(video);
        destroy = () => hls.destroy();
      } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
        video.src = url.current;
        video.onerror = retry;
        destroy = () => {
          video.onerror = null;
          video.removeAttribute('src');
          video.load();
        };
      }
      void video.play().catch(() => {});
    };
    state('connecting');
    void open();
    return () => {
      disposed = true;
      clearTimeout(retryTimer);
      destroy();
      video.removeEventListener('playing', playing);
      video.removeEventListener('waiting', waiting);
      video.removeEventListener('stalled', waiting);
    };
  }, [callbacks, url]);

  return <video ref={videoRef} className={classes.picture} muted playsInline aria-label={label} />;
}
