import { THEME_CSS } from '../shared/styles';

// Minified by hand, one rule per line (a string is shipped as written).
export const ARCHIVE_COLLECTOR_CSS = `${THEME_CSS}.gjj-archive-collector{display:block}
.gjj-archive-collector__frame{display:block;width:100%;min-height:var(--gjj-archive-min-height,320px);border:0;background:var(--gjj-color-surface,#fff)}
.gjj-archive-collector__status{padding:16px;color:var(--gjj-color-danger,#c62828)}
`;
