import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { adoptMerchantFromUrl } from './api/session.ts';
import { App } from './app/App.tsx';
import { activateLocale, savedLocale } from './i18n/i18n.ts';
import { rememberReferral } from './session/referral.ts';
import './styles.css';

adoptMerchantFromUrl(window.location.search);
rememberReferral(window.location.search);
const theme = localStorage.getItem('theme');
if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;

await activateLocale(savedLocale(localStorage, window.location.search));
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
