import './app/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createI18n, loadLanguage } from './lib/i18n';
import { initialLanguage } from './lib/language';
import { getUserData } from './lib/user-storage';

const language = initialLanguage({
  userLanguage: getUserData()?.language,
  browserLanguage: navigator.language,
});
// Only this language's texts are fetched; the other comes if the user switches to it.
void loadLanguage(language).then((bundle) => {
  const i18n = createI18n(language, { [language]: bundle });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App i18n={i18n} />
    </StrictMode>,
  );
});
