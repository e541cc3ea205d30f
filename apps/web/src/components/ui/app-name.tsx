import { Title, type TitleProps } from '@mantine/core';
import { getAppName } from '../../lib/public-config';

/** The tenant's brand name from config.js ("Settle" when none is configured). */
export function AppName(props: Omit<TitleProps, 'children'>) {
  return (
    <Title data-testid="app-name" {...props}>
      {getAppName()}
    </Title>
  );
}
