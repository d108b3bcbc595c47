import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.js';

export const DOVECOT = '/usr/sbin/dovecot';

export type TDovecot = {
  host: string;
  port: number;
  /** Adds an IMAP user (a plain password, only for tests). */
  users: Record<string, string>;
  stop: () => Promise<void>;
  /** Stops and starts the server again on the same port and mail folder. */
  restart: () => Promise<void>;
  /** Stops the server, keeping its mail folder (a mail server that is down). */
  down: () => Promise<void>;
  /** Starts it again after `down`. */
  up: () => Promise<void>;
};

const listening = async (port: number, timeoutMs = 15_000) => {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`dovecot did not listen on ${port}`);
};

/**
 * A real Dovecot IMAP server for tests: its own configuration and mail folder in a temporary directory, a free
 * port, no TLS, passwords from a file. It runs as an unprivileged user (`nobody` when the tests run as root).
 */
export async function startDovecot(users: Record<string, string>): Promise<TDovecot> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ob-dovecot-'));
  chmodSync(dir, 0o777);
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? 'nobody' : userInfo().username;
  const uid = asRoot ? 65534 : process.getuid!();
  const gid = asRoot ? 65534 : process.getgid!();
  const port = await freePort();
  const passwd = Object.entries(users)
    .map(([name, password]) => `${name}:{PLAIN}${password}:${uid}:${gid}::${dir}/home/${name}`)
    .join('\n');
  writeFileSync(path.join(dir, 'passwd'), `${passwd}\n`);
  writeFileSync(
    path.join(dir, 'dovecot.conf'),
    `
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
instance_name = ob-test-${port}
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${user}
default_internal_group = ${asRoot ? 'nogroup' : user}
default_login_user = ${user}
mail_location = maildir:${dir}/home/%u/Maildir
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = passwd-file
  args = username_format=%u ${dir}/passwd
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
service imap-login {
  chroot =
}
service auth {
  unix_listener auth-userdb {
    mode = 0666
  }
}
`,
  );
  for (const f of ['dovecot.conf', 'passwd']) chmodSync(path.join(dir, f), 0o644);

  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(DOVECOT, ['-F', '-c', path.join(dir, 'dovecot.conf')], {
      stdio: ['ignore', 'ignore', 'pipe'],
      ...(asRoot ? { uid, gid } : {}),
    });
    let stderr = '';
    child.stderr?.on('data', (d) => {
      stderr += d;
    });
    const exited = new Promise<never>((_, reject) =>
      child!.once('exit', (code) => reject(new Error(`dovecot exited (${code}): ${stderr}${readLog()}`))),
    );
    exited.catch(() => {}); // a later exit (stop) is expected
    await Promise.race([listening(port), exited]);
  };
  const readLog = () => {
    try {
      return readFileSync(path.join(dir, 'dovecot.log'), 'utf8');
    } catch {
      return '';
    }
  };
  const stop = async () => {
    if (!child || child.exitCode !== null) return;
    const done = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    await done;
  };
  await start();
  return {
    host: '127.0.0.1',
    port,
    users,
    restart: async () => {
      await stop();
      await start();
    },
    down: stop,
    up: start,
    stop: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
