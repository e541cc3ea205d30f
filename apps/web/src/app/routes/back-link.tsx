import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Back to where the user came from (the grid, the detail page, the list), or to `fallback` when
 * the page was opened directly and there is nothing to go back to.
 */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    if (location.key === 'default') navigate(fallback, { replace: true });
    else navigate(-1);
  };
}

export function BackLink(props: { fallback: string; children: ReactNode }) {
  const goBack = useGoBack(props.fallback);
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      onClick={goBack}
      data-testid="dispute-back"
      style={{ alignSelf: 'flex-start' }}
    >
      ← {props.children}
    </Anchor>
  );
}
