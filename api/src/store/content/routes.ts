import { Article, BlogListQuery, BlogListResponse, BlogPost, ContentPathQuery, ErrorBody, HomeContent, ValidationErrorBody } from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ContentService } from './service.js';

export interface ContentRoutesOptions {
  content: ContentService;
}

/**
 * Content changes when editors publish: short browser cache, longer stale-while-revalidate. Every
 * answer is the request's market's (its home page, its articles and posts: `Vary: Host`).
 */
const CONTENT_CACHE = 'public, max-age=60, stale-while-revalidate=600';

export const contentRoutes: FastifyPluginAsyncZod<ContentRoutesOptions> = async (app, { content }) => {
  app.get(
    '/api/content/home',
    {
      schema: {
        tags: ['content'],
        summary: 'The home page: slider (autoplay settings and slides), featured categories, product rails and the latest journal posts',
        response: { 200: HomeContent, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      // each market's own home page (its copy and description), when it has one
      const home = await content.home(request.market.id);
      if (!home) return reply.code(404).send({ error: 'NotFound', message: 'The home page has not been published.' });
      reply.header('cache-control', CONTENT_CACHE).header('vary', 'Host');
      return home;
    },
  );

  app.get(
    '/api/content/articles/by-path',
    {
      schema: {
        tags: ['content'],
        summary: 'One article by its path below /articles/, e.g. terms-of-use or help-centre/gift-cards',
        querystring: ContentPathQuery,
        response: { 200: Article, 400: ValidationErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const article = await content.article(request.query.path, request.market.id);
      // another market's article is not found on this site (the market's documents only)
      if (!article) return reply.code(404).header('vary', 'Host').send({ error: 'NotFound', message: `Page not found: /articles/${request.query.path}` });
      reply.header('cache-control', CONTENT_CACHE).header('vary', 'Host');
      return article;
    },
  );

  app.get(
    '/api/content/blog',
    {
      schema: {
        tags: ['content'],
        summary: 'One page of journal posts (12), newest first, optionally filtered by tag',
        querystring: BlogListQuery,
        response: { 200: BlogListResponse, 400: ValidationErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const list = await content.blogList(request.query, request.market.id);
      if ('notFound' in list) {
        const message = list.notFound === 'tag' ? `No journal tag "${request.query.tag ?? ''}".` : `The journal has no page ${request.query.page}.`;
        return reply.code(404).header('vary', 'Host').send({ error: 'NotFound', message });
      }
      reply.header('cache-control', CONTENT_CACHE).header('vary', 'Host');
      return list;
    },
  );

  app.get(
    '/api/content/blog/by-path',
    {
      schema: {
        tags: ['content'],
        summary: 'One journal post by its path below /blog/, with up to 3 related posts',
        querystring: ContentPathQuery,
        response: { 200: BlogPost, 400: ValidationErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const post = await content.blogPost(request.query.path, request.market.id);
      if (!post) return reply.code(404).header('vary', 'Host').send({ error: 'NotFound', message: `Page not found: /blog/${request.query.path}` });
      reply.header('cache-control', CONTENT_CACHE).header('vary', 'Host');
      return post;
    },
  );
};
