import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@bhasha/contract/testing';

/**
 * nginx serving a folder on a loopback port, from a temporary prefix (no system daemon, no root
 * paths): one worker, keep-alive, no access log — the reference static server.
 */
export async function startNginx(root: string): Promise<{ origin: string; stop(): Promise<void> }> {
  const prefix = mkdtempSync(join(tmpdir(), 'bhasha-nginx-'));
  const port = await freePort();
  const config = `
worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  keepalive_timeout 120s;
  types { text/html html; }
  default_type application/octet-stream;
  charset utf-8;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${root};
  }
}
`;
  writeFileSync(join(prefix, 'nginx.conf'), config);
  const nginx: ChildProcess = spawn('nginx', ['-p', prefix, '-c', join(prefix, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  nginx.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      await fetch(`${origin}/`);
      break;
    } catch {
      if (attempt > 100 || nginx.exitCode !== null) throw new Error(`nginx did not start: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    origin,
    async stop() {
      nginx.kill('SIGTERM');
      await new Promise((resolve) => (nginx.exitCode !== null ? resolve(null) : nginx.once('exit', resolve)));
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
