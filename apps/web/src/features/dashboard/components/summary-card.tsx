import { Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import classes from './summary-card.module.css';

/** A figure of the summary; with `to`, the whole card is a link to the invoices behind it. */
export function SummaryCard(props: {
  label: string;
  amount: string;
  detail?: string;
  testId: string;
  to?: string;
}) {
  const content = (
    <>
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
    </>
  );
  return props.to ? (
    <Paper
      withBorder
      p="md"
      radius="md"
      component={Link}
      to={props.to}
      className={classes.link}
      data-testid={props.testId}
    >
      {content}
    </Paper>
  ) : (
    <Paper withBorder p="md" radius="md" data-testid={props.testId}>
      {content}
    </Paper>
  );
}
