import { Anchor, Code, List, Stack, Text, Title } from '@mantine/core';
import type { Element, ElementContent } from 'hast';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import methodology from '../../../../../docs/methodology.md?raw';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ResponsiveTable } from '@/components/ui/responsive-table';

/** The text of a Markdown table cell (plain text and inline code: the generated tables hold nothing else). */
const textOf = (node: ElementContent): string =>
  node.type === 'text' ? node.value : node.type === 'element' ? node.children.map(textOf).join('') : '';
const elements = (node: Element, tagName: string): Element[] =>
  node.children.flatMap((child) =>
    child.type !== 'element' ? [] : child.tagName === tagName ? [child] : elements(child, tagName),
  );

/** A Markdown table as the app's tables are: a table on a wide screen, a card per row on a phone. */
function MarkdownTable({ node }: { node?: Element }) {
  if (!node) return null;
  const [head, ...body] = elements(node, 'tr').map((row) =>
    row.children.flatMap((cell) => (cell.type === 'element' ? [textOf(cell)] : [])),
  );
  if (!head) return null;
  return (
    <ResponsiveTable
      label={head.join(', ')}
      rows={body}
      rowKey={(row) => row.join('|')}
      columns={head.map((header, index) => ({ header, cell: (row: string[]) => <Text size="sm">{row[index]}</Text> }))}
      rowTestId="methodology-row"
      minWidth={0}
    />
  );
}

/** Headings one level below the page's own title; code in the prose as plain words would read. */
const components: Components = {
  h1: ({ children }) => <Title order={2}>{children}</Title>,
  h2: ({ children }) => (
    <Title order={3} mt="md">
      {children}
    </Title>
  ),
  h3: ({ children }) => (
    <Title order={4} mt="sm">
      {children}
    </Title>
  ),
  p: ({ children }) => <Text>{children}</Text>,
  ul: ({ children }) => (
    <List spacing="xs" withPadding>
      {children}
    </List>
  ),
  li: ({ children }) => <List.Item>{children}</List.Item>,
  a: ({ href, children }) => <Anchor href={href}>{children}</Anchor>,
  code: ({ children }) => <Code>{children}</Code>,
  table: MarkdownTable,
};

/**
 * How grades are computed, for a vendor or an auditor: what counts, how severity and pages count,
 * what is excluded, the letter bands and every check's weight. The page is docs/methodology.md, whose
 * tables are generated from the grading code (`npm run docs:methodology`); HTML in it (the generated
 * part's markers) is not shown.
 */
export default function MethodologyRoute() {
  return (
    <ContentLayout title="Methodology">
      <Stack gap="sm" data-testid="methodology" style={{ overflowWrap: 'anywhere' }}>
        <Markdown remarkPlugins={[remarkGfm]} components={components} skipHtml>
          {methodology}
        </Markdown>
      </Stack>
    </ContentLayout>
  );
}
