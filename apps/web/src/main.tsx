import './app/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startI18n } from './lib/i18n';
import { initialLanguage } from './lib/language';
import { getUserData } from './lib/user-storage';

const language = initialLanguage({
  userLanguage: getUserData()?.language,
  browserLanguage: navigator.language,
});
// Only the sign-in pages' texts in this language are fetched first; the rest come with the
// signed-in app, and the other language if the user switches to it.
void startI18n(language).then((i18n) => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App i18n={i18n} />
    </StrictMode>,
  );
});
