import { Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppName } from './app-name';
import { LanguageSwitcher } from './language-switcher';

/** The card the sign-in steps share with the login page: brand, language, a titled panel. */
export function SignInFrame({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Below the card (the login page's legal links). */
  footer?: ReactNode;
}) {
  return (
    <Container size={440} py="xl">
      <Group justify="space-between" align="center">
        <AppName size="h2" />
        <LanguageSwitcher />
      </Group>
      <Paper withBorder shadow="sm" p="lg" radius="md" mt="lg">
        <Stack>
          <div>
            <Title order={1} size="h3">
              {title}
            </Title>
            {subtitle ? (
              <Text c="dimmed" size="sm" data-testid="sign-in-step-subtitle">
                {subtitle}
              </Text>
            ) : null}
          </div>
          {children}
        </Stack>
      </Paper>
      {footer ? <Stack mt="md">{footer}</Stack> : null}
    </Container>
  );
}
