import type { ContentBlock } from '@store/contracts';
import { classifyLink, siteLinkRules, SmartLink } from '@store/ui/link';
import { useHydrated } from './hydrated';
import { serif } from './ui';
import { VisuallyHidden } from '@store/ui/visually-hidden';

/** The server knows no site link rules (the shell sets them in the browser): none while hydrating either. */
const SERVER_RULES = {};

/** Renders content blocks; headings are h2 (the page title is the h1). Links follow the site's link rules (@store/ui/link). */
export function ContentBody({ blocks }: { blocks: ContentBlock[] }) {
  // the site's rules once hydrated: an allow-listed external link is a link from then on
  const rules = useHydrated() ? siteLinkRules() : SERVER_RULES;
  return (
    <div css={{ fontSize: 17, lineHeight: 1.65, maxWidth: '42rem', '& p': { margin: '0 0 1rem' }, '& ul': { margin: '0 0 1.25rem', paddingLeft: '1.25rem' }, '& li': { marginBottom: '.4rem' } }}>
      {blocks.map((block, index) => {
        switch (block.type) {
          case 'heading':
            return (
              <h2 key={index} css={{ fontFamily: serif, fontWeight: 400, fontSize: 24, margin: '2rem 0 .75rem' }}>
                {block.text}
              </h2>
            );
          case 'list':
            return (
              <ul key={index}>
                {block.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            );
          case 'link':
            return (
              <p key={index}>
                {/* the site's link rules: internal client-side, allow-listed external in a new tab, script URLs refused */}
                <SmartLink href={block.href} rules={rules} css={{ color: 'var(--forest)', fontWeight: 600 }}>
                  {block.text}
                  {classifyLink(block.href, rules).kind === 'external' ? <VisuallyHidden> (opens in a new tab)</VisuallyHidden> : ' →'}
                </SmartLink>
              </p>
            );
          default:
            return <p key={index}>{block.text}</p>;
        }
      })}
    </div>
  );
}
