import { Fragment, type ReactNode } from 'react';

/**
 * Renders a translated sentence whose `<name>…</name>` parts become elements (the terms and privacy links)
 * without a text library's markup component (decision record 041: the app's own texts module has none).
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
