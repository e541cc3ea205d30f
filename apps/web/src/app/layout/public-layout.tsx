import { Box } from '@mantine/core';
import { Outlet } from 'react-router';

/**
 * Pages without the navigation bar. The spec hides it on login, postLogin, confirmation,
 * registration, activation, troubleSigningIn and resetPassword: add those routes here.
 */
export function PublicLayout() {
  return (
    <Box component="main" mih="100vh" bg="gray.0">
      <Outlet />
    </Box>
  );
}
