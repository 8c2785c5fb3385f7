import {
  BrandResponse,
  CategoryTreeResponse,
  CHALLENGE_FAILED,
  ChallengeVerifyRequest,
  ChallengeVerifyResponse,
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
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { verifyBotCheck, type BotCheckConfig, type InProcessSiteVerify } from '../botcheck/index.js';
import { CachedBody, type CatalogService } from './service.js';
import { sendCached, sendJsonString } from '../../platform/http/send.js';

export interface CatalogRoutesOptions {
  catalog: CatalogService;
  searchIndexPrefix: string;
  botcheck: BotCheckConfig;
  localBotCheck: InProcessSiteVerify;
}

/** Listings may change with stock: short browser cache, revalidated by ETag. */
const LISTING_CACHE = 'public, max-age=60, stale-while-revalidate=300';

/** The bot-check action of the challenge answer check. */
export const CHALLENGE_ACTION = 'product_challenge_verify';

export const catalogRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (app, { catalog: nzCatalog, searchIndexPrefix, botcheck, localBotCheck }) => {
  const productsIndex = `${searchIndexPrefix}_products`;
  /** The catalogue in the request's market's currency. */
  const catalogOf = (request: FastifyRequest) => nzCatalog.forCurrency(request.market.currency);
  // answers differ per market: shared caches must keep them apart
  app.addHook('onSend', async (_request, reply) => {
    const vary = reply.getHeader('vary');
    if (!vary) reply.header('Vary', 'Host');
    else if (!/\bhost\b/i.test(String(vary))) reply.header('Vary', `${String(vary)}, Host`);
  });

  app.get(
    '/api/catalog/categories',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The category tree (categories and collections) with product counts',
        response: { 200: CategoryTreeResponse },
      },
    },
    async (request, reply) => sendCached(request, reply, await catalogOf(request).categoryTree(), LISTING_CACHE),
  );

  app.get(
    '/api/catalog/listing',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One page (48 tiles) of a category, brand or search, with facet filters, sort and facet counts',
        querystring: ListingQuery,
        response: { 200: ListingResponse, 400: ValidationErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const body = await catalogOf(request).listing(request.query);
      if (!(body instanceof CachedBody)) {
        return reply.code(404).send({ error: 'NotFound', message: body.notFound === 'brand' ? 'Brand not found.' : 'Category not found.' });
      }
      return sendCached(request, reply, body, LISTING_CACHE);
    },
  );

  app.get(
    '/api/catalog/brands/:slug',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A brand by slug',
        params: z.object({ slug: z.string().regex(/^[a-z0-9-]{1,80}$/, 'Brand slug: lower-case letters, digits and -') }),
        response: { 200: BrandResponse, 400: ValidationErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const catalog = catalogOf(request);
      const brand = await catalog.brandBySlug(request.params.slug);
      if (!brand) return reply.code(404).send({ error: 'NotFound', message: 'Brand not found.' });
      const listing = await catalog.listing({ brand: brand.slug, page: 1 });
      const total = listing instanceof CachedBody ? (JSON.parse(listing.json) as { total: number }).total : 0;
      return reply.header('cache-control', 'public, max-age=300').send({ brand: { id: String(brand.id), name: brand.name, slug: brand.slug }, productCount: total });
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
      const json = await catalogOf(request).productByPath(request.query.path);
      if (json === null) return reply.code(404).send({ error: 'NotFound', message: 'Product not found.' });
      return sendJsonString(reply, json, 'public, max-age=60');
    },
  );

  app.post(
    '/api/product/challenge/verify',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Checks the answer to a limited product\'s challenge question (bot-check action product_challenge_verify)',
        body: ChallengeVerifyRequest,
        response: { 200: ChallengeVerifyResponse, 400: ValidationErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const { answer, productId, recaptchaToken } = request.body;
      const bot = await verifyBotCheck(botcheck, localBotCheck, recaptchaToken, CHALLENGE_ACTION);
      if (!bot.ok) return reply.code(403).send({ error: 'BotCheckFailed', message: `The bot check did not pass (${bot.reason}). Please try again.` });
      const result = await catalogOf(request).checkChallenge(productId, answer);
      if (result === null) return reply.code(404).send({ error: 'NotFound', message: 'Product not found.' });
      if (!result) return reply.code(422).send({ error: CHALLENGE_FAILED, message: 'That answer is not right. Check the question and try again.' });
      return reply.header('cache-control', 'no-store').send({ success: true as const });
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
      const results = await catalogOf(request).productsByIds(request.body.objectIds);
      const json = `{"data":{"results":[${results.map((r) => r ?? 'null').join(',')}]}}`;
      return sendJsonString(reply, json, 'no-store');
    },
  );
};
