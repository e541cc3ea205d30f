import { Alert, List, Stack, Text, Title } from '@mantine/core';
import type { THelpBlock, THelpTopicResponse } from '@settle/shared/help';
import { HelpText } from './help-text';

/** One help topic: its title, lead sentence and sections. */
export function HelpArticle({ topic, tipLabel }: { topic: THelpTopicResponse; tipLabel: string }) {
  return (
    <Stack component="article" gap="lg" lang={topic.language} data-testid="help-article">
      <div>
        <Title order={1} size="h2" data-testid="help-title">
          {topic.title}
        </Title>
        <Text size="lg" c="dimmed" mt={4} data-testid="help-summary">
          {topic.summary}
        </Text>
      </div>
      {topic.sections.map((section) => (
        <Stack component="section" gap="xs" key={section.heading}>
          <Title order={2} size="h4">
            {section.heading}
          </Title>
          {section.blocks.map((block, index) => (
            // Blocks are fixed content in a fixed order.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <HelpBlock key={index} block={block} tipLabel={tipLabel} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

function HelpBlock({ block, tipLabel }: { block: THelpBlock; tipLabel: string }) {
  switch (block.type) {
    case 'paragraph':
      return (
        <Text>
          <HelpText text={block.text} />
        </Text>
      );
    case 'tip':
      return (
        <Alert variant="light" color="blue" title={tipLabel} data-testid="help-tip">
          <HelpText text={block.text} />
        </Alert>
      );
    case 'steps':
    case 'list':
      return (
        <List type={block.type === 'steps' ? 'ordered' : 'unordered'} spacing={6} withPadding>
          {block.items.map((item) => (
            <List.Item key={item}>
              <HelpText text={item} />
            </List.Item>
          ))}
        </List>
      );
  }
}
