/** OpenAPI 3.1 generated from the route table's zod schemas (never written by hand). */
import * as z from 'zod/mini';
import { routeKey, urlPath, type Endpoint } from './endpoint.ts';
import { ZErrorEnvelope } from './envelope.ts';
import { unwrap } from './lazy.ts';

type Json = Record<string, unknown>;

const schemaOf = (s: z.core.$ZodType, io: 'input' | 'output'): Json =>
  z.toJSONSchema(unwrap(s), { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;

export function openApiDocument(
  endpoints: readonly Endpoint[],
  info = { title: 'Travel platform API', version: '1' },
): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const e of endpoints) {
    const path = urlPath(e);
    const request = schemaOf(e.request, 'input');
    const success = {
      type: 'object',
      required: ['success'],
      properties: {
        success: { const: true },
        message: { type: 'string' },
        [e.envelope ?? 'result']: schemaOf(e.response, 'output'),
      },
    };
    const op: Json = {
      operationId: e.id,
      summary: e.summary,
      tags: [e.domain],
      'x-route-key': routeKey(e),
      'x-auth': e.auth,
      responses: {
        '200': { description: 'Success', content: { 'application/json': { schema: success } } },
        default: {
          description: 'Error envelope',
          content: { 'application/json': { schema: schemaOf(ZErrorEnvelope, 'output') } },
        },
      },
    };
    if (e.method === 'GET') {
      const props = (request.properties ?? {}) as Record<string, Json>;
      const required = new Set((request.required as string[] | undefined) ?? []);
      op.parameters = Object.entries(props).map(([name, schema]) => ({
        name,
        in: path.includes(`{${name}}`) ? 'path' : 'query',
        required: required.has(name) || path.includes(`{${name}}`),
        schema,
      }));
    } else {
      op.requestBody = { required: true, content: { 'application/json': { schema: request } } };
    }
    (paths[path] ??= {})[e.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info,
    components: {
      securitySchemes: {
        authCookie: { type: 'apiKey', in: 'cookie', name: 'auth-token' },
        authHeader: { type: 'apiKey', in: 'header', name: 'auth-token' },
      },
    },
    paths,
  };
}
