import { ConfigError, loadConfig } from '../config.js';
import { backup, restore } from '../ops/backup.js';

/** `npm run backup -- <file>` / `npm run restore -- <file>`, configured by the same environment as the server. */
const [command, file] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !file) {
  console.error('Usage: npm run backup -- <file.tar.gz>  |  npm run restore -- <file.tar.gz>');
  process.exit(2);
}
try {
  const config = loadConfig();
  await (command === 'backup' ? backup(config, file) : restore(config, file));
  console.log(
    command === 'backup' ? `Backup written to ${file}.` : `Restored from ${file} into ${config.dataDir}.`,
  );
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
}
