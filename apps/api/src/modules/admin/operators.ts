import { randomUUID } from 'node:crypto';
import type { TOperator } from '@orderbridge/contract';
import argon2 from 'argon2';
import { asc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { emailTokens, operators, users } from '../../db/schema/index.js';
import { hashToken, newToken } from '../../lib/secrets.js';

/** How long the set-password link printed for a new operator account works. */
const SET_PASSWORD_TTL = 48 * 3_600_000;

/** The platform operators: granted and withdrawn only here, from the command line (`npm run operator`). */
export function createOperators(db: TDb) {
  return {
    /** The operator behind a user id, or null for everyone else. */
    async find(userId: string): Promise<TOperator | null> {
      const [row] = await db
        .select({ userId: operators.userId, email: users.email })
        .from(operators)
        .innerJoin(users, eq(users.id, operators.userId))
        .where(eq(operators.userId, userId));
      return row ?? null;
    },

    /**
     * Makes the account of `email` an operator. Without an account, one is made (the address counts as
     * confirmed: whoever runs this command controls the platform) and a single-use set-password path returned.
     */
    async add(email: string): Promise<{ created: boolean; setPasswordPath: string | null }> {
      const address = email.trim().toLowerCase();
      let [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, address));
      let setPasswordPath: string | null = null;
      if (!user) {
        const token = newToken();
        [user] = await db
          .insert(users)
          .values({
            id: randomUUID(),
            email: address,
            // Nobody knows this password; the operator sets their own through the link.
            passwordHash: await argon2.hash(newToken(), { type: argon2.argon2id }),
            firstName: 'OrderBridge',
            lastName: 'Operator',
            emailConfirmedAt: new Date(),
          })
          .returning({ id: users.id });
        await db.insert(emailTokens).values({
          tokenHash: hashToken(token),
          userId: user!.id,
          purpose: 'reset',
          expiresAt: new Date(Date.now() + SET_PASSWORD_TTL),
        });
        setPasswordPath = `/reset-password?token=${token}`;
      }
      const added = await db
        .insert(operators)
        .values({ userId: user!.id })
        .onConflictDoNothing()
        .returning({ userId: operators.userId });
      return { created: added.length > 0, setPasswordPath };
    },

    /** Withdraws the role; false when the address was not an operator. */
    async remove(email: string): Promise<boolean> {
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, email.trim().toLowerCase()));
      if (!user) return false;
      const removed = await db
        .delete(operators)
        .where(eq(operators.userId, user.id))
        .returning({ userId: operators.userId });
      return removed.length > 0;
    },

    async list(): Promise<(TOperator & { since: string })[]> {
      const rows = await db
        .select({ userId: operators.userId, email: users.email, since: operators.createdAt })
        .from(operators)
        .innerJoin(users, eq(users.id, operators.userId))
        .orderBy(asc(users.email));
      return rows.map((r) => ({ ...r, since: r.since.toISOString() }));
    },
  };
}
export type TOperators = ReturnType<typeof createOperators>;

const USAGE = 'Usage: npm run operator -- add EMAIL | remove EMAIL | list';

/** The `npm run operator` command on an open database: returns the exit code and the lines to print. */
export async function operatorCommand(
  db: TDb,
  publicUrl: string,
  args: string[],
): Promise<{ code: number; lines: string[] }> {
  const store = createOperators(db);
  const [command, email] = args;
  const validEmail = email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
  if (command === 'list' && args.length === 1) {
    const list = await store.list();
    return {
      code: 0,
      lines: list.length ? list.map((o) => `${o.email}\toperator since ${o.since}`) : ['No operators yet.'],
    };
  }
  if ((command === 'add' || command === 'remove') && args.length === 2 && validEmail) {
    if (command === 'remove') {
      return (await store.remove(email))
        ? { code: 0, lines: [`${email} is no longer an operator.`] }
        : { code: 1, lines: [`${email} is not an operator.`] };
    }
    const { created, setPasswordPath } = await store.add(email);
    const lines = [created ? `${email} is now an operator.` : `${email} was already an operator.`];
    if (setPasswordPath) {
      lines.push(
        `A new account was made for ${email}. Set its password within 48 hours at:`,
        `${publicUrl}${setPasswordPath}`,
      );
    }
    return { code: 0, lines };
  }
  return { code: 2, lines: [USAGE] };
}
