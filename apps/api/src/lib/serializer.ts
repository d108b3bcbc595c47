import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type TJson = { [key: string]: unknown };

/** `anyOf: [{type: X}, {type: 'null'}]` as `type: [X, 'null']`: fast-json-stringify writes it without trying branches. */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: TJson = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, simplify(v)]));
  const branches = out.anyOf as TJson[] | undefined;
  const plain = (b: TJson) => typeof b.type === 'string' && Object.keys(b).every((k) => k !== 'properties');
  if (Array.isArray(branches) && branches.every(plain)) {
    const { anyOf: _, ...rest } = out;
    return { ...rest, type: [...new Set(branches.map((b) => b.type as string))] };
  }
  return out;
}

/**
 * Response serialisation compiled once per route by fast-json-stringify from the zod schema's JSON Schema, instead
 * of a zod parse of every reply (a 50-row list spent more time there than in its SQL). Replies are typed by the
 * zod type provider at compile time; a schema JSON Schema cannot express falls back to the zod serialiser.
 */
export const compiledSerializerCompiler: FastifySerializerCompiler<ZodType> = (route) => {
  let json: unknown;
  try {
    json = z.toJSONSchema(route.schema, { io: 'output', target: 'draft-7' });
  } catch {
    return zodSerializerCompiler(route);
  }
  const { $schema: _, ...schema } = simplify(json) as TJson;
  return fastJsonStringify(schema as unknown as Schema);
};
