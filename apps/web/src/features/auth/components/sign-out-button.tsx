import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearUserData } from '../../../lib/user-storage';
import { useLogout } from '../api/logout';

export function SignOutButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logoutMutation = useLogout();

  const signOut = () =>
    logoutMutation.mutate(undefined, {
      // Even when the server cannot be reached, this browser forgets the user.
      onSettled: () => {
        clearUserData();
        queryClient.clear();
        void navigate('/login', { replace: true });
      },
    });

  return (
    <Button
      variant="default"
      size="xs"
      onClick={signOut}
      loading={logoutMutation.isPending}
      data-testid="sign-out"
    >
      {t('user.signOut')}
    </Button>
  );
}
