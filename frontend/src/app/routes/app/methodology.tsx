import { Code, Stack, Text, Title } from '@mantine/core';
import methodology from '../../../../../docs/methodology.md?raw';
import { ContentLayout } from '@/components/layouts/content-layout';

type Block = { kind: 'heading'; level: number; text: string } | { kind: 'table'; text: string } | { kind: 'text'; text: string };

/** The published method's page, generated from the grading code (`npm run docs:methodology`), in blocks. */
function blocksOf(markdown: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of markdown.split(/\n\s*\n/)) {
    const text = chunk.trim();
    if (!text) continue;
    const heading = /^(#{1,4})\s+(.*)$/.exec(text);
    if (heading) blocks.push({ kind: 'heading', level: heading[1]!.length, text: heading[2]! });
    else if (text.startsWith('|')) blocks.push({ kind: 'table', text });
    else blocks.push({ kind: 'text', text: text.replace(/\*\*/g, '').replace(/`/g, '') });
  }
  return blocks;
}

/** How grades are computed: every check's weight, how severity and pages count, what is excluded, the letter bands. */
export default function MethodologyRoute() {
  return (
    <ContentLayout title="Methodology">
      <Stack gap="sm" data-testid="methodology">
        {blocksOf(methodology).map((block, i) =>
          block.kind === 'heading' ? (
            <Title key={i} order={Math.min(block.level + 1, 4) as 2 | 3 | 4}>
              {block.text}
            </Title>
          ) : block.kind === 'table' ? (
            <Code key={i} block style={{ overflowX: 'auto' }}>
              {block.text}
            </Code>
          ) : (
            <Text key={i} style={{ whiteSpace: 'pre-wrap' }}>
              {block.text}
            </Text>
          ),
        )}
      </Stack>
    </ContentLayout>
  );
}
