import { loadConfigOrExit } from './config/load-config';
import { startServer } from './server';

const config = loadConfigOrExit();
const server = await startServer(config);

const lines = [`Bhasha is running (${config.env.ROLES.join(', ')}; database: ${server.handle.kind}).`];
if (server.url) lines.push(`Open ${server.url}`);
if (server.generatedAdmin) {
  lines.push(
    `First super admin created. Sign in with:`,
    `  e-mail:   ${server.generatedAdmin.email}`,
    `  password: ${server.generatedAdmin.password}`,
    `(This password is shown only once. Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.)`,
  );
} else if (config.env.ADMIN_EMAIL) {
  lines.push(`Super admin: ${config.env.ADMIN_EMAIL} (password from ADMIN_PASSWORD)`);
}
process.stdout.write(`\n${lines.join('\n')}\n\n`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server
      .stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  });
}
