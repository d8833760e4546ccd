import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// First, so that the first paint is already in the chosen care mode (关怀模式).
import { $careMode } from '../shared/care-mode';
import { setToastAutoDismiss } from '../shared/toast';
import { App } from './app';
import './styles.css';

// Care mode: no message disappears on its own (MIIT 适老化); toasts then stay until closed.
$careMode.subscribe((on) => setToastAutoDismiss(!on));

const container = document.getElementById('app');
if (!container) throw new Error('home.html 缺少 #app 容器');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
