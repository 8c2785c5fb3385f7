import { ErrorBody, parseImageOptions } from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CatalogService } from '../../store/catalog/service.js';
import { hashString, productSvg, SITE_IMAGES } from '../../store/images/draw.js';
import { contentImage } from '../../store/content/images.js';
import type { ImageRenderer, SourceImage } from './render.js';

export interface ImageRoutesOptions {
  catalog: CatalogService;
  renderer: ImageRenderer;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const PRODUCT_IMAGE = /^images\/products\/(\d{1,10})\/[a-z0-9-]{1,200}\.(jpg|jpeg|png|webp|avif)$/;

export const imageRoutes: FastifyPluginAsyncZod<ImageRoutesOptions> = async (app, { catalog, renderer }) => {
  async function resolve(imagePath: string): Promise<SourceImage | null> {
    const site = (Object.hasOwn(SITE_IMAGES, imagePath) ? SITE_IMAGES[imagePath] : undefined) ?? contentImage(imagePath);
    if (site) return { key: `site:${imagePath}`, width: site.width, height: site.height, svg: site.svg };
    if (!PRODUCT_IMAGE.test(imagePath)) return null;
    const row = await catalog.imageSource(imagePath);
    if (!row) return null;
    const params = { kind: row.kind, colourHex: row.colourHex, position: row.position, seed: hashString(`${row.productId}`) };
    return {
      key: `product:${params.kind}:${params.colourHex}:${params.position}:${params.seed}`,
      width: row.width,
      height: row.height,
      svg: () => productSvg(params),
    };
  }

  app.get(
    '/cdn-cgi/image/:options/*',
    {
      schema: {
        tags: ['images'],
        summary: 'Image CDN: resize, convert (format=auto picks avif/webp/jpeg from Accept) and blur a project image',
        description: 'Options are comma separated, e.g. fit=scale-down,format=auto,width=600 or the placeholder fit=scale-down,format=auto,width=16,anim=false,blur=250.',
        params: z.object({ options: z.string(), '*': z.string() }),
        response: { 200: z.any().describe('The image'), 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const parsed = parseImageOptions(request.params.options);
      if (!parsed.ok) return reply.code(400).header('cache-control', 'no-store').send({ error: 'InvalidImageOptions', message: parsed.error });
      const imagePath = request.params['*'];
      const source = imagePath.length <= 300 && !imagePath.includes('..') ? await resolve(imagePath) : null;
      if (!source) return reply.code(404).header('cache-control', 'public, max-age=60').send({ error: 'NotFound', message: 'Image not found.' });
      const image = await renderer.render(source, parsed.options, request.headers.accept);
      return reply.header('content-type', image.contentType).header('cache-control', IMMUTABLE).header('vary', 'Accept').send(image.body);
    },
  );
};
