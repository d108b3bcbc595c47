/**
 * `npm run operator -- add EMAIL | remove EMAIL | list`: the only way to grant the platform operator role.
 * Uses the same DATA_DIR / DATABASE_URL as `npm start`; with the embedded database, run it while the server
 * is stopped.
 */
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { operatorCommand } from '../modules/admin/operators.js';

try {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dir: `${config.dataDir}/db` });
  try {
    const { code, lines } = await operatorCommand(database.db, config.publicUrl, process.argv.slice(2));
    for (const line of lines) (code === 0 ? console.log : console.error)(line);
    process.exitCode = code;
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
