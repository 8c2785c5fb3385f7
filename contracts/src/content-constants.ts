/** Content page constants (slider autoplay, blog page size 12, slider touch pause 200 ms). No zod here. */
export const BLOG_PAGE_SIZE = 12;
/** A touch on the slider pauses autoplay for this long after the touch ends. */
export const SLIDER_TOUCH_PAUSE_MS = 200;
