// HLS through the hub: a playlist or segment is fetched from under the camera's playlist address (never
// elsewhere: the path may not climb out of it), and a playlist's URIs are rewritten to the hub's
// /api/cameras/:id/hls/… with the viewer's ticket, so that the browser never reaches the camera.
import { HttpError, notFound } from '../errors.ts';

export interface HlsAnswer {
  type: string;
  body: Buffer | string;
}

const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';

/** The address of `path` under the directory of `playlistUrl`, or null when it would leave it. */
export function upstreamOf(playlistUrl: string, path: string): URL | null {
  const base = new URL('.', playlistUrl);
  if (path === 'index.m3u8') return new URL(playlistUrl);
  if (path.includes('\\') || /(^|\/)\.\.?(\/|$)/.test(path) || /^[a-z][a-z0-9+.-]*:/i.test(path)) return null;
  const url = new URL(path, base);
  return url.origin === base.origin && url.pathname.startsWith(base.pathname) ? url : null;
}

/** A playlist with each URI under the camera's directory rewritten to the hub; any other is dropped. */
export function rewritePlaylist(
  text: string,
  playlistUrl: string,
  hubBase: string,
  ticket: string | undefined,
): string {
  const base = new URL('.', playlistUrl);
  const query = ticket ? `?ticket=${encodeURIComponent(ticket)}` : '';
  const rewrite = (uri: string): string | null => {
    const url = new URL(uri, playlistUrl);
    if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return null;
    return `${hubBase}/${url.pathname.slice(base.pathname.length)}${query}`;
  };
  const lines: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('#')) {
      // URI="…" attributes (keys, maps, media renditions).
      lines.push(
        line.replace(/URI="([^"]*)"/g, (whole, uri: string) => {
          const to = rewrite(uri);
          return to ? `URI="${to}"` : whole;
        }),
      );
    } else if (line.trim() === '') {
      lines.push(line);
    } else {
      const to = rewrite(line.trim());
      // A segment elsewhere cannot pass through the hub: it is left out, with the tag before it.
      if (to) lines.push(to);
      else if (lines.at(-1)?.startsWith('#EXTINF')) lines.pop();
    }
  }
  return lines.join('\n');
}

/** Fetches `path` of an HLS camera at `playlistUrl` for the hub. */
export async function proxyHls(
  playlistUrl: string,
  path: string,
  hubBase: string,
  ticket: string | undefined,
): Promise<HlsAnswer> {
  const url = upstreamOf(playlistUrl, path);
  if (!url) throw notFound(`No ${path} in this camera's stream`);
  let response: Response;
  try {
    response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    throw new HttpError(502, 'UNAVAILABLE', `The camera did not answer: ${(error as Error).message}`);
  }
  if (response.status === 404) throw notFound(`No ${path} in this camera's stream`);
  if (!response.ok) throw new HttpError(502, 'UNAVAILABLE', `The camera answered ${response.status}`);
  const type = response.headers.get('content-type') ?? '';
  if (path.endsWith('.m3u8') || /mpegurl/i.test(type)) {
    return { type: PLAYLIST_TYPE, body: rewritePlaylist(await response.text(), url.href, hubBase, ticket) };
  }
  return { type: type || 'video/mp2t', body: Buffer.from(await response.arrayBuffer()) };
}
