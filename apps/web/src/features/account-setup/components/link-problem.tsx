import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface LinkProblemProps {
  message: string;
  /** Where the user can go on from here: sign in, or ask for a new link. */
  action: { to: string; label: string; testId: string };
}

/** Shown instead of a form when the link cannot work: the reason, and the way on. */
export function LinkProblem({ message, action }: LinkProblemProps) {
  const { t } = useTranslation('accountSetup');
  return (
    <Stack>
      <Alert color="orange" role="alert" title={t('links.linkProblemTitle')} data-testid="link-problem">
        <Text size="sm">{message}</Text>
      </Alert>
      <Anchor component={Link} to={action.to} size="sm" data-testid={action.testId}>
        {action.label}
      </Anchor>
    </Stack>
  );
}
