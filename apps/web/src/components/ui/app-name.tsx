import { Text, type TextProps } from '@mantine/core';
import { getAppName } from '../../lib/public-config';

/**
 * The tenant's brand name from config.js ("Settle" when none is configured). Not a heading:
 * each page's own title is its one h1, the heading focus lands on after a route change.
 */
export function AppName({
  size = 'h4',
  ...props
}: Omit<TextProps, 'children' | 'size'> & { size?: 'h2' | 'h4' }) {
  return (
    <Text data-testid="app-name" fw={700} fz={size} lh={1.2} {...props}>
      {getAppName()}
    </Text>
  );
}
