import { z } from 'zod';

/**
 * Site content (open pages: home, /articles/{path...}, /blog, /blog/{path...}; slider
 * autoplay; blog page size 12, slider touch pause 200 ms). Dates are ISO 8601 (UTC); pages
 * show them in the market's time zone.
 */

// The page constants live zod-free in ./content-constants (the home page's slider and the blog
// list import them without the schemas).
export { BLOG_PAGE_SIZE, SLIDER_TOUCH_PAUSE_MS } from './content-constants';

/** A content path below /articles/ or /blog/: lower-case slug segments joined by "/". */
export const ContentPath = z
  .string()
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/, 'Must be lower-case words joined by - and /');

export const ContentBlock = z.discriminatedUnion('type', [
  z.object({ type: z.literal('paragraph'), text: z.string() }),
  z.object({ type: z.literal('heading'), text: z.string() }),
  z.object({ type: z.literal('list'), items: z.array(z.string()) }),
  z.object({ type: z.literal('link'), text: z.string(), href: z.string() }),
]);
export type ContentBlock = z.infer<typeof ContentBlock>;

export const ContentImage = z.object({
  src: z.string().describe('Image path for the image CDN, e.g. images/content/blog-carry-on.jpg'),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
});
export type ContentImage = z.infer<typeof ContentImage>;

export const ContentPathQuery = z.object({ path: ContentPath });

export const Article = z.object({
  path: z.string(),
  title: z.string(),
  description: z.string().describe('Meta description and standfirst'),
  image: ContentImage.nullable(),
  body: z.array(ContentBlock),
  updatedAt: z.string(),
});
export type Article = z.infer<typeof Article>;

export const BlogTag = z.object({ slug: z.string(), name: z.string(), count: z.number().int().describe('Published posts with this tag') });
export type BlogTag = z.infer<typeof BlogTag>;

export const BlogPostSummary = z.object({
  path: z.string(),
  title: z.string(),
  description: z.string(),
  author: z.string(),
  tags: z.array(z.object({ slug: z.string(), name: z.string() })),
  image: ContentImage,
  publishedAt: z.string(),
});
export type BlogPostSummary = z.infer<typeof BlogPostSummary>;

export const BlogPost = BlogPostSummary.extend({
  body: z.array(ContentBlock),
  related: z.array(BlogPostSummary).describe('Up to 3 other posts sharing a tag, newest first'),
});
export type BlogPost = z.infer<typeof BlogPost>;

export const BlogListQuery = z.object({
  page: z.coerce.number({ error: 'Expected a page number' }).int('Expected a whole page number').min(1).max(10000).default(1),
  tag: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/, 'Tag slug: lower-case letters, digits and -')
    .optional(),
});
export type BlogListQuery = z.input<typeof BlogListQuery>;

export const BlogListResponse = z.object({
  items: z.array(BlogPostSummary).describe('Newest first, at most 12'),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
  tag: BlogTag.nullable().describe('The tag filter in effect'),
  tags: z.array(BlogTag).describe('Every tag, for the filter'),
});
export type BlogListResponse = z.infer<typeof BlogListResponse>;

export const HomeSlide = z.object({
  id: z.string(),
  eyebrow: z.string(),
  heading: z.string(),
  text: z.string(),
  cta: z.object({ label: z.string(), href: z.string() }),
  image: ContentImage,
});
export type HomeSlide = z.infer<typeof HomeSlide>;

export const HomeContent = z.object({
  title: z.string(),
  description: z.string(),
  slider: z.object({
    autoplay: z.boolean(),
    intervalMs: z.number().int().min(1000),
    pauseOnHover: z.boolean().describe('Autoplay pauses while the pointer is over the slider'),
    slides: z.array(HomeSlide).min(1),
  }),
  featuredCategories: z.array(z.object({ label: z.string(), href: z.string(), blurb: z.string(), image: ContentImage })),
  rails: z
    .array(
      z.object({
        id: z.string(),
        heading: z.string(),
        href: z.string().describe('"View all" link'),
        category: z.string().describe('Catalogue listing category path the products come from'),
        sort: z.string().describe('Listing sort value'),
        limit: z.number().int().min(1).max(48),
      }),
    )
    .describe('Product rails (new arrivals, featured) filled from GET /api/catalog/listing'),
  journal: z.array(BlogPostSummary).describe('Latest blog posts'),
});
export type HomeContent = z.infer<typeof HomeContent>;
