// Generates the OpenAPI 3.1 document from the declared zod routes, and a self-contained docs page.
import type { FastifyInstance } from 'fastify';
import { z, type ZodType } from 'zod';
import { declaredRoutes } from './route.ts';

const errorSchema = {
  type: 'object',
  required: ['message', 'msg'],
  properties: {
    message: { type: 'string' },
    msg: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    request_id: { type: 'string', description: 'On a 500: the request id of the server logs (also X-Request-Id)' },
  },
};

function json(schema: ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete out.$schema;
  return out;
}

function parameters(schema: ZodType | undefined, where: 'query' | 'path'): unknown[] {
  if (!schema) return [];
  const s = json(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(s.properties ?? {}).map(([name, sch]) => ({
    name,
    in: where,
    required: where === 'path' || (s.required ?? []).includes(name),
    schema: sch,
  }));
}

/** The OpenAPI document of every route declared with defineRoute. */
export function openApiDocument(serverUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of declaredRoutes()) {
    const path = r.url.replace(/:([A-Za-z_]+)/g, '{$1}');
    const op: Record<string, unknown> = {
      summary: r.summary,
      tags: r.tags,
      parameters: [...parameters(r.params, 'path'), ...parameters(r.query, 'query')],
      responses: {
        '200': {
          description: 'OK',
          content: { 'application/json': { schema: r.response ? json(r.response, 'output') : {} } },
        },
        '4XX': {
          description: 'Client error',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    };
    if (r.body) op.requestBody = { required: true, content: { 'application/json': { schema: json(r.body, 'input') } } };
    if (r.auth) op.security = [{ bearer: [] }];
    (paths[path] ??= {})[r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Loot Arcade API',
      version: '1.0.0',
      description: 'Amounts are US dollars with 2 decimals on the wire.',
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: { Error: errorSchema },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
  };
}

const docsPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Loot Arcade API</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font:14px/1.5 system-ui,sans-serif;margin:0;background:#0f1020;color:#e8e8f0}main{max-width:960px;margin:auto;padding:24px}
details{background:#1a1b30;border-radius:8px;margin:8px 0;padding:8px 12px}summary{cursor:pointer}code{color:#ffd166}
.m{display:inline-block;min-width:56px;font-weight:700}.get{color:#5bd1ff}.post{color:#7bf1a8}.delete{color:#ff6b6b}
pre{white-space:pre-wrap;background:#0b0c18;padding:8px;border-radius:6px;overflow:auto}</style></head>
<body><main><h1>Loot Arcade API</h1><p>Machine-readable document: <a href="/api/openapi.json" style="color:#5bd1ff">/api/openapi.json</a></p>
<div id="ops">Loading…</div></main><script>
fetch('/api/openapi.json').then(r=>r.json()).then(doc=>{const el=document.getElementById('ops');el.textContent='';
for(const [path,ops] of Object.entries(doc.paths)){for(const [m,op] of Object.entries(ops)){const d=document.createElement('details');
const s=document.createElement('summary');s.innerHTML='<span class="m '+m+'">'+m.toUpperCase()+'</span> <code></code> ';s.querySelector('code').textContent=path;
s.append(op.summary+(op.security?' 🔒':''));d.append(s);const pre=document.createElement('pre');
pre.textContent=JSON.stringify({parameters:op.parameters,requestBody:op.requestBody,responses:op.responses},null,2);d.append(pre);el.append(d);}}});
</script></body></html>`;

/** Serves /api/openapi.json and the /api/docs page. */
export function registerOpenApi(app: FastifyInstance, serverUrl: () => string): void {
  app.get('/api/openapi.json', async () => openApiDocument(serverUrl()));
  app.get('/api/docs', async (_req, reply) => reply.type('text/html; charset=utf-8').send(docsPage));
}
