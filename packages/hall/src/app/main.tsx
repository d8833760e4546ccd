import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// First, so that the first paint is already in the chosen care mode (关怀模式).
import '../shared/care-mode';
import { App } from './app';
import './styles.css';

const container = document.getElementById('app');
if (!container) throw new Error('home.html 缺少 #app 容器');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
