/* global document */
// The LCP ceiling of the bench's web step: the smallest Vite + React page (a heading), built
// and served the way our site is (production build, gzip), measured by Lighthouse in the same run.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')).render(createElement('h1', null, 'Hello, world'));
