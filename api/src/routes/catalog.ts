import {
  CategoryTreeResponse,
  ErrorBody,
  ListingQuery,
  ListingResponse,
  ObjectsParams,
  ObjectsRequest,
  ObjectsResponse,
  Product,
  ProductByPathQuery,
  ValidationErrorBody,
} from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CatalogService } from '../catalog/service.js';
import { sendCached, sendJsonString } from '../http/send.js';

export interface CatalogRoutesOptions {
  catalog: CatalogService;
  searchIndexPrefix: string;
}

/** Listings may change with stock: short browser cache, revalidated by ETag. */
const LISTING_CACHE = 'public, max-age=60, stale-while-revalidate=300';

export const catalogRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (app, { catalog, searchIndexPrefix }) => {
  const productsIndex = `${searchIndexPrefix}_products`;

  app.get(
    '/api/catalog/categories',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The category tree (categories and collections) with product counts',
        response: { 200: CategoryTreeResponse },
      },
    },
    async (request, reply) => sendCached(request, reply, await catalog.categoryTree(), LISTING_CACHE),
  );

  app.get(
    '/api/catalog/listing',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One page (48 tiles) of a category, descendants included',
        querystring: ListingQuery,
        response: { 200: ListingResponse, 400: ValidationErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const { category, page, sort } = request.query;
      const body = await catalog.listing(category, page, sort);
      if (!body) return reply.code(404).send({ error: 'NotFound', message: 'Category not found.' });
      return sendCached(request, reply, body, LISTING_CACHE);
    },
  );

  app.get(
    '/api/products/by-path',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A product by its path (as in /products/{path})',
        querystring: ProductByPathQuery,
        response: { 200: Product, 400: ValidationErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const json = await catalog.productByPath(request.query.path);
      if (json === null) return reply.code(404).send({ error: 'NotFound', message: 'Product not found.' });
      return sendJsonString(reply, json, 'public, max-age=60');
    },
  );

  app.post(
    '/api/search/indexes/:index/objects',
    {
      schema: {
        tags: ['search'],
        summary: 'Products by id, in request order (null for an unknown id)',
        params: ObjectsParams,
        body: ObjectsRequest,
        response: { 200: ObjectsResponse, 400: ValidationErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      if (request.params.index !== productsIndex) {
        return reply.code(404).send({ error: 'NotFound', message: `Unknown index "${request.params.index}" (expected ${productsIndex}).` });
      }
      const results = await catalog.productsByIds(request.body.objectIds);
      const json = `{"data":{"results":[${results.map((r) => r ?? 'null').join(',')}]}}`;
      return sendJsonString(reply, json, 'no-store');
    },
  );
};
