import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose code (zod and the contract schema) loads on first use instead of with the route.
 * The login route uses it to stay inside its bundle budget; call `preload` on mount to warm it.
 */
export function lazyResolver<TIn extends FieldValues, TOut = TIn>(
  load: () => Promise<Resolver<TIn, unknown, TOut>>,
): Resolver<TIn, unknown, TOut> & { preload: () => void } {
  let pending: Promise<Resolver<TIn, unknown, TOut>> | null = null;
  const get = () => {
    pending ??= load().catch((e: unknown) => {
      pending = null;
      throw e;
    });
    return pending;
  };
  const resolver = (async (values, context, options) => (await get())(values, context, options)) as Resolver<
    TIn,
    unknown,
    TOut
  > & { preload: () => void };
  resolver.preload = () => void get().catch(() => undefined);
  return resolver;
}
