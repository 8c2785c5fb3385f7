import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import * as contracts from '@store/contracts';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CatalogService } from './catalog/service.js';
import type { Config } from './config.js';
import type { Database } from './db/index.js';
import { errorHandler } from './http/errors.js';
import { ImageRenderer } from './images/render.js';
import { catalogRoutes } from './routes/catalog.js';
import { healthRoutes } from './routes/health.js';
import { imageRoutes } from './routes/images.js';

export interface BuildAppOptions {
  config: Pick<Config, 'searchIndexPrefix' | 'imageCacheDir'> & Partial<Pick<Config, 'logLevel' | 'logRequests'>>;
  db: Database;
  /** Defaults to a new CatalogService over `db`. */
  catalog?: CatalogService;
  /** Pino logger options; false (default in tests) disables logging. */
  logger?: boolean | { level: string };
}

/** Named contract schemas become components in the OpenAPI document. */
const NAMED_SCHEMAS: [z.ZodType, string][] = [
  [contracts.Product, 'Product'],
  [contracts.ProductTile, 'ProductTile'],
  [contracts.Overlay, 'Overlay'],
  [contracts.Variant, 'Variant'],
  [contracts.GalleryImage, 'GalleryImage'],
  [contracts.ImageRef, 'ImageRef'],
  [contracts.CategoryRef, 'CategoryRef'],
  [contracts.Brand, 'Brand'],
  [contracts.ErrorBody, 'ErrorBody'],
  [contracts.ValidationErrorBody, 'ValidationErrorBody'],
];
for (const [schema, id] of NAMED_SCHEMAS) {
  if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });
}

/** Routes served by the edge (api/src/edge.ts) are not part of the API document. */
const SKIP_IN_DOCS = ['/registry.json', '/*', '/cdn/*', '/cdn/', '/api/docs', '/api/docs/*'];

/**
 * The fastify application: /api routes, OpenAPI at /api/docs, and the image endpoint. It does
 * not listen; server.ts adds the edge and listens.
 */
export function buildApp({ config, db, catalog = new CatalogService(db), logger }: BuildAppOptions): FastifyInstance {
  const app = Fastify({
    logger: logger ?? false,
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    reply.code(404).send({ error: 'NotFound', message: `Page not found: ${pathname}` });
  });
  app.decorate('catalog', catalog);

  app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Fernleaf storefront API',
        description: 'Catalogue, search objects and image CDN for the Fernleaf bags and accessories store (NZD, prices include 15% GST, integer cents).',
        version: '0.1.0',
      },
      tags: [
        { name: 'catalog', description: 'Categories, listings and products' },
        { name: 'search', description: 'Search index objects' },
        { name: 'images', description: 'Image CDN' },
        { name: 'health', description: 'Readiness' },
      ],
    },
    transform: createJsonSchemaTransform({ skipList: SKIP_IN_DOCS }),
    transformObject: jsonSchemaTransformObject,
  });
  app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  app.register(healthRoutes);
  app.register(catalogRoutes, { catalog, searchIndexPrefix: config.searchIndexPrefix });
  app.register(imageRoutes, { catalog, renderer: new ImageRenderer(config.imageCacheDir) });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalog: CatalogService;
  }
}
