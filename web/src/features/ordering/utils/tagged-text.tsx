import { Fragment, type ReactNode } from 'react';

/**
 * Renders a translated sentence whose `<name>…</name>` parts become elements (the terms and privacy links)
 * without react-i18next's Trans: that would add ~4 KB to the vendor chunk every route loads.
 */
export function taggedText(text: string, tags: Record<string, (content: string) => ReactNode>): ReactNode[] {
  const parts: ReactNode[] = [];
  const pattern = /<(\w+)>(.*?)<\/\1>/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const [whole, name = '', content = ''] = match;
    const index = match.index ?? 0;
    if (index > last) parts.push(text.slice(last, index));
    const render = tags[name];
    parts.push(<Fragment key={index}>{render ? render(content) : content}</Fragment>);
    last = index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
