import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

try {
  const config = loadConfig();
  const app = await buildApp(config);
  // ROLE=worker handles jobs only; api and all serve HTTP (all also handles jobs, see plugins/services.ts).
  if (config.role === 'worker') await app.ready();
  else await app.listen({ port: config.port, host: config.host });
  app.log.info({ role: config.role }, 'OrderBridge started');
  // Graceful stop: no new connections, requests in flight finish, the worker finishes or gives back its job.
  // Process managers kill after 10 s, so whatever is still open at 9 s is cut here, in a logged exit.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'OrderBridge stopping');
      setTimeout(() => {
        app.log.error('OrderBridge did not stop within 9 s; exiting');
        process.exit(1);
      }, 9_000).unref();
      void app.close().then(() => {
        app.log.info('OrderBridge stopped');
        process.exit(0);
      });
    });
  }
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
