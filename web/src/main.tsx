import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles.css';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// index.html carries the prerendered home page (web/prerender.mjs); other paths start empty.
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
