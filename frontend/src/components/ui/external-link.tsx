import { Anchor, Text, type AnchorProps } from '@mantine/core';
import { isHttpUrl } from '@vendorwatch/contracts';

/**
 * A URL from stored data, opened in a new tab. Only http(s) becomes a link: a stored
 * "javascript:" URL (or one a crawled site wrote) must never be clickable.
 */
export function ExternalLink({ url, ...props }: { url: string } & AnchorProps) {
  if (!isHttpUrl(url)) {
    return (
      <Text component="span" size="sm" {...props}>
        {url}
      </Text>
    );
  }
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" style={{ wordBreak: 'break-all' }} {...props}>
      {url}
    </Anchor>
  );
}
