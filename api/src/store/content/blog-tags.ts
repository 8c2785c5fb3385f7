/** The journal's tags: slug -> the name shown (a post's `tags` are slugs). */
export const BLOG_TAGS: Record<string, string> = {
  travel: 'Travel',
  packing: 'Packing tips',
  care: 'Care and repair',
  outdoors: 'Outdoors',
  work: 'Work and commute',
  gifts: 'Gift guides',
  sustainability: 'Sustainability',
  'behind-the-scenes': 'Behind the scenes',
};
