import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/dropzone/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { createI18n } from './lib/i18n';
import { initialLanguage } from './lib/language';
import { getUserData } from './lib/user-storage';

const i18n = createI18n(
  initialLanguage({ userLanguage: getUserData()?.language, browserLanguage: navigator.language }),
);
const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App i18n={i18n} queryClient={queryClient} />
  </StrictMode>,
);
