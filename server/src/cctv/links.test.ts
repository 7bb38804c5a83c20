import { describe, expect, it } from 'vitest';
import { rewritePlaylist, upstreamOf } from './hls.ts';
import { JpegScanner } from './sources.ts';
import { Tickets } from './tickets.ts';

describe('camera tickets', () => {
  const holder = { tokenHash: 'hash-a', display: false };

  it('name their session for their camera only, until they expire or the session ends', () => {
    const tickets = new Tickets(60_000);
    const now = 1_800_000_000_000;
    const ticket = tickets.issue(holder, 'site.cam1', now);
    expect(tickets.verify(ticket, 'site.cam1', now + 1000)).toEqual(holder);
    expect(tickets.verify(ticket, 'site.cam2', now + 1000)).toBeNull();
    expect(tickets.verify(ticket, 'site.cam1', now + 61_000)).toBeNull();
    expect(ticket).not.toContain('hash-a');
    const [ref, expires, mac] = ticket.split('.');
    expect(tickets.verify(`${ref}.${Number(expires) + 600}.${mac}`, 'site.cam1', now)).toBeNull();
    expect(new Tickets().verify(ticket, 'site.cam1', now)).toBeNull();
    tickets.forget(['hash-a']);
    expect(tickets.verify(ticket, 'site.cam1', now + 1000)).toBeNull();
  });
});

describe('the MJPEG scanner', () => {
  it('cuts whole JPEGs out of a multipart stream, however it is chunked', () => {
    const jpeg = (n: number) => Buffer.from([0xff, 0xd8, n, 0x00, 0xff, 0x00, n, 0xff, 0xd9]);
    const stream = Buffer.concat([
      Buffer.from('--b\r\nContent-Type: image/jpeg\r\n\r\n'),
      jpeg(1),
      Buffer.from('\r\n--b\r\nContent-Type: image/jpeg\r\n\r\n'),
      jpeg(2),
      Buffer.from('\r\n'),
    ]);
    for (const size of [1, 3, 7, stream.length]) {
      const scanner = new JpegScanner();
      const frames: Uint8Array[] = [];
      for (let i = 0; i < stream.length; i += size) frames.push(...scanner.push(stream.subarray(i, i + size)));
      expect(frames.map((f) => Buffer.from(f))).toEqual([jpeg(1), jpeg(2)]);
    }
  });
});

describe('HLS through the hub', () => {
  const playlist = 'http://cam.local/live/main/index.m3u8';

  it('fetches only under the camera playlist directory', () => {
    expect(upstreamOf(playlist, 'index.m3u8')?.href).toBe(playlist);
    expect(upstreamOf(playlist, 'seg12.ts')?.href).toBe('http://cam.local/live/main/seg12.ts');
    expect(upstreamOf(playlist, 'hi/chunk.m4s')?.href).toBe('http://cam.local/live/main/hi/chunk.m4s');
    for (const outside of ['../secret', 'a/../../x', 'http://evil/x', '//evil/x', '/etc/passwd', 'a\\..\\b']) {
      expect(upstreamOf(playlist, outside), outside).toBeNull();
    }
  });

  it('rewrites URIs to the hub with the viewer ticket, and drops segments from elsewhere', () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-MAP:URI="init.mp4"',
      '#EXTINF:2.0,',
      'seg1.ts',
      '#EXTINF:2.0,',
      'http://cam.local/live/main/seg2.ts',
      '#EXTINF:2.0,',
      'http://elsewhere/seg3.ts',
    ].join('\n');
    const out = rewritePlaylist(text, playlist, '/api/cameras/s.cam1/hls', 't.1.x');
    expect(out.split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-MAP:URI="/api/cameras/s.cam1/hls/init.mp4?ticket=t.1.x"',
      '#EXTINF:2.0,',
      '/api/cameras/s.cam1/hls/seg1.ts?ticket=t.1.x',
      '#EXTINF:2.0,',
      '/api/cameras/s.cam1/hls/seg2.ts?ticket=t.1.x',
    ]);
  });
});
