// The reverse proxy in front of several hub nodes, as HAProxy configuration (`npm run cluster` writes it;
// server/deploy/ shows it for real hosts). Sessions stick to a node by a cookie, so Socket.IO's
// long-polling requests and its WebSocket upgrade reach the same process; a node that stops answering
// is taken out within two seconds and its clients' next requests go to another (`option redispatch`).
// A node whose store is down still answers health with 503 and still serves live frames: it stays in.

export interface ProxyNode {
  name: string;
  host: string;
  port: number;
}

export interface ProxyOptions {
  /** Where the proxy listens. */
  bind: { host: string; port: number };
  nodes: readonly ProxyNode[];
  /** Where HAProxy's statistics page listens (loopback only), or null for none. */
  statsPort?: number | null;
}

/** The sticky-session cookie's name. */
export const STICKY_COOKIE = 'vs_node';

export function haproxyConfig({ bind, nodes, statsPort = null }: ProxyOptions): string {
  const lines = [
    '# Made by Voltscope (server/src/cluster/haproxy.ts): hub nodes behind one address, sessions sticky.',
    // No maxconn: HAProxy then takes the most the process's file-descriptor limit allows.
    'global',
    '',
    'defaults',
    '  mode http',
    '  option forwardfor',
    // A request whose node refuses it goes to another at its first retry, not after every retry on the dead one.
    '  option redispatch 1',
    '  retries 2',
    '  timeout connect 3s',
    '  timeout client 60s',
    '  timeout server 60s',
    // An open WebSocket is quiet between frames only for a frame window; its pings keep it within this.
    '  timeout tunnel 1h',
    '  timeout http-keep-alive 10s',
    '',
    'frontend voltscope',
    `  bind ${bind.host}:${bind.port}`,
    '  default_backend hubs',
    '',
    'backend hubs',
    '  balance leastconn',
    `  cookie ${STICKY_COOKIE} insert indirect nocache httponly attr "SameSite=Lax"`,
    // Alive is answering at all: 503 means the node's store is down, not the node.
    '  option httpchk GET /api/health',
    '  http-check expect rstatus ^(200|503)$',
    '  default-server inter 1s fall 2 rise 2 on-marked-down shutdown-sessions',
    ...nodes.map((n) => `  server ${n.name} ${n.host}:${n.port} check cookie ${n.name}`),
  ];
  if (statsPort !== null) {
    lines.push('', 'listen stats', `  bind 127.0.0.1:${statsPort}`, '  stats enable', '  stats uri /');
  }
  return `${lines.join('\n')}\n`;
}
