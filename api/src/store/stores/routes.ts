import { ErrorBody, LocalitiesQuery, LocalitiesResponse, Store, StorePathParams, StoresQuery, StoresResponse, ValidationErrorBody } from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../platform/db/index.js';
import { findStoresNear, getStoreByPath, listStores, resolveLocation, suggestLocalities, type StoreLocation } from './index.js';

export interface StoresRoutesOptions {
  db: Database;
}

/** Store data changes rarely; stock is per request (variantId) and not cached by shared caches. */
const STORES_CACHE = 'public, max-age=300, stale-while-revalidate=3600';

export const storesRoutes: FastifyPluginAsyncZod<StoresRoutesOptions> = async (app, { db }) => {
  app.get(
    '/api/stores',
    {
      schema: {
        tags: ['stores'],
        summary: 'Stores near a suburb, postcode or coordinates (nearest first, within radiusKm, default 200), or every store',
        querystring: StoresQuery,
        response: { 200: StoresResponse, 400: ValidationErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const { q, postcode, lat, lng, radiusKm, variantId } = request.query;
      const where: StoreLocation | null = lat !== undefined && lng !== undefined ? { lat, lng } : postcode ? { postcode } : q ? { query: q } : null;
      reply.header('cache-control', variantId ? 'private, max-age=60' : STORES_CACHE).header('vary', 'Host');
      // stores and localities are per country: the market's own stores, its own suburbs and postcodes
      const country = request.market.country;
      if (!where) return { origin: null, radiusKm, stores: await listStores(db, { variantId, country }) };
      const origin = await resolveLocation(db, where, country);
      if (!origin) {
        const asked = postcode ?? q ?? '';
        return reply.code(404).send({ error: 'LocationNotFound', message: `We couldn't find the suburb or postcode "${asked}" in ${request.market.countryName}.` });
      }
      const stores = await findStoresNear(db, { lat: origin.lat, lng: origin.lng }, { radiusKm, variantId, country });
      return { origin, radiusKm, stores };
    },
  );

  app.get(
    '/api/stores/localities',
    {
      schema: {
        tags: ['stores'],
        summary: "The site's country's suburbs and towns (NZ or AU) matching a name or postcode prefix (address combobox suggestions, at most 8)",
        querystring: LocalitiesQuery,
        response: { 200: LocalitiesResponse, 400: ValidationErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', STORES_CACHE).header('vary', 'Host');
      // the site's own country's localities (nz_localities or au_localities)
      return { items: await suggestLocalities(db, request.query.q, 8, request.market.country) };
    },
  );

  app.get(
    '/api/stores/:path',
    {
      schema: {
        tags: ['stores'],
        summary: 'One store by its path',
        params: StorePathParams,
        response: { 200: Store, 400: ValidationErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const store = await getStoreByPath(db, request.params.path);
      // a store page of the other country's site is not found here (stores are per country)
      if (!store || store.address.country !== request.market.country) return reply.code(404).send({ error: 'NotFound', message: 'Store not found.' });
      reply.header('cache-control', STORES_CACHE).header('vary', 'Host');
      return store;
    },
  );
};
