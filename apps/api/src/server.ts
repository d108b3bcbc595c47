import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

try {
  const config = loadConfig();
  const app = await buildApp(config);
  // ROLE=worker handles jobs only; api and all serve HTTP (all also handles jobs, see plugins/services.ts).
  if (config.role === 'worker') await app.ready();
  else await app.listen({ port: config.port, host: config.host });
  app.log.info({ role: config.role }, 'OrderBridge started');
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0));
    });
  }
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
