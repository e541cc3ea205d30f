import { Paper, Text } from '@mantine/core';

export function SummaryCard(props: { label: string; amount: string; detail?: string; testId: string }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={props.testId}>
      <Text size="sm" c="dimmed">
        {props.label}
      </Text>
      <Text fw={700} size="xl" data-testid={`${props.testId}-amount`}>
        {props.amount}
      </Text>
      {props.detail ? (
        <Text size="sm" c="dimmed" data-testid={`${props.testId}-detail`}>
          {props.detail}
        </Text>
      ) : null}
    </Paper>
  );
}
