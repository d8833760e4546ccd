// The developer's pages (issue 38): one chunk for them, named by menu path in app/pages/menu-page.tsx.
export { ProjectsPage } from './projects-page';
export { DeveloperLoansPage } from './loans-page';
