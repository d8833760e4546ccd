import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configure, defineElements } from '@gjj-hall/widgets/elements';
import { App } from './App';
import './host.css';

// Once for the whole page, before anything renders: every component and element calls the centre through this
// site's own origin, where the web server (here Vite's proxy) forwards /api to the centre.
configure({ apiBase: window.location.origin });

// The one custom element this app uses; the other widgets are React components and register nothing.
defineElements(['gjj-rate-table']);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
