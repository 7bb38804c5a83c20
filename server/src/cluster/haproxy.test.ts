import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { haproxyConfig, STICKY_COOKIE } from './haproxy.ts';

const deploy = path.resolve(import.meta.dirname, '../../deploy');
const three = (host: (i: number) => string, port: (i: number) => number) =>
  [1, 2, 3].map((i) => ({ name: host(i).startsWith('hub') ? host(i) : `node-${i}`, host: host(i), port: port(i) }));

/** What server/deploy/ holds: the one-host file and the compose file's, written by the same function. */
const shipped = {
  'haproxy.cfg': haproxyConfig({
    bind: { host: '0.0.0.0', port: 3000 },
    nodes: three(
      () => '127.0.0.1',
      (i) => 3000 + i,
    ),
  }),
  'compose-haproxy.cfg': haproxyConfig({
    bind: { host: '0.0.0.0', port: 3000 },
    nodes: three(
      (i) => `hub${i}`,
      () => 3000,
    ),
  }),
};

describe('the HAProxy configuration', () => {
  it('sticks sessions to a node by cookie and checks every node', () => {
    const text = shipped['haproxy.cfg'];
    expect(text).toContain(`cookie ${STICKY_COOKIE} insert indirect nocache`);
    expect(text.match(/^ {2}server node-\d 127\.0\.0\.1:300\d check cookie node-\d$/gm)).toHaveLength(3);
    expect(text).toContain('option redispatch');
  });

  it.each(Object.keys(shipped))('server/deploy/%s is what the generator writes', (name) => {
    expect(fs.readFileSync(path.join(deploy, name), 'utf8')).toBe(shipped[name as keyof typeof shipped]);
  });

  it.runIf(fs.existsSync('/usr/sbin/haproxy'))('is valid for HAProxy itself', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'haproxy-')), 'haproxy.cfg');
    fs.writeFileSync(file, shipped['haproxy.cfg']);
    const check = spawnSync('/usr/sbin/haproxy', ['-c', '-q', '-f', file], { encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });
});
